/** /invite?token=…: who invites you to which team, confirm your name and an optional reason, then "awaits admin approval". */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountApi, type InvitationInfo } from '../auth/account-api';
import { formRules } from '../auth/rules';
import { useSession } from '../auth/session';
import '../auth/auth.css';

export function InvitePage() {
  const { t } = useTranslation();
  const session = useSession();
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [info, setInfo] = useState<InvitationInfo>();
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    // Not signed in: the request layer takes the browser to the login page, which comes back here.
    void session.load().then(() =>
      accountApi.invitation(token).then(setInfo, (e: Error) => setError(e.message)),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  const submit = async (v: { name: string; reason?: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      await accountApi.acceptInvitation({ token, name: v.name.trim(), reason: v.reason?.trim() || undefined });
      setSent(true);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="askdb-standalone" data-testid="invite-page">
      <Card style={{ width: 460, maxWidth: 'calc(100vw - 32px)' }}>
        {sent ? (
          <Result status="success" title={t('team.join.sent')} subTitle={t('team.join.awaiting')} data-testid="invite-sent" extra={<Button href="/workspace">{t('team.invite.toWorkspace')}</Button>} />
        ) : !info && !error ? (
          <Spin style={{ display: 'block', margin: 48 }} />
        ) : (
          <>
            <Typography.Title level={4} style={{ marginTop: 0 }}><TeamOutlined /> {t('team.invite.landingTitle')}</Typography.Title>
            {info && (
              <Typography.Paragraph data-testid="invite-intro">
                {t('team.invite.intro', { team: info.name })}
              </Typography.Paragraph>
            )}
            {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="invite-error" />}
            {info?.alreadyMember && <Alert type="info" showIcon title={t('team.invite.alreadyMember')} data-testid="invite-already-member" />}
            {info && !info.alreadyMember && (
              <Form layout="vertical" onFinish={submit} initialValues={{ name: session.user?.displayName }} requiredMark={false} key={session.user?.id}>
                <Form.Item name="name" label={t('team.join.name')} rules={[formRules(t).required, { max: 255 }]}>
                  <Input data-testid="invite-name" />
                </Form.Item>
                <Form.Item name="reason" label={t('team.join.reason')}>
                  <Input.TextArea rows={3} maxLength={1000} data-testid="invite-reason" />
                </Form.Item>
                <Button type="primary" htmlType="submit" block loading={busy} data-testid="invite-submit">{t('team.invite.accept')}</Button>
              </Form>
            )}
          </>
        )}
      </Card>
    </div>
  );
}
