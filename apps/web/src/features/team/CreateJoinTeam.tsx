/** Create-or-join team (spec 02 §2): create (name, area, industry, role, both agreements) or join by 8-digit team code. */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, Result, Select, Tabs, Typography } from 'antd';
import { CheckCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { accountApi } from '../auth/account-api';
import { formRules } from '../auth/rules';
import { useSession } from '../auth/session';
import { switchOrganization } from '../auth/UserMenu';
import { useErrorToast } from '../../app/use-error-toast';

const AREAS = ['asia', 'europe', 'northAmerica', 'southAmerica', 'africa', 'oceania'] as const;
const INDUSTRIES = ['internet', 'finance', 'education', 'manufacturing', 'retail', 'healthcare', 'government', 'other'] as const;
const ROLES = ['developer', 'dba', 'analyst', 'manager', 'student', 'other'] as const;

export function CreateJoinTeam() {
  const { t } = useTranslation();
  return (
    <Tabs
      data-testid="create-join-team"
      items={[
        { key: 'create', label: <span data-testid="team-tab-create">{t('team.create.title')}</span>, children: <CreateTeamForm /> },
        { key: 'join', label: <span data-testid="team-tab-join">{t('team.join.title')}</span>, children: <JoinTeamForm /> },
      ]}
    />
  );
}

function CreateTeamForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const rules = formRules(t);
  const [created, setCreated] = useState<{ id: number; teamCode: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: { name: string; area: string; industry: string; role: string; agree: boolean }) => {
    setBusy(true);
    try {
      const team = await accountApi.createTeam({ ...v, name: v.name.trim(), agree: true });
      // The creator is switched into the new team at once (issue 25 point 7): a reload lands there.
      await accountApi.switchOrganization(team.id).catch(() => undefined);
      setCreated(team);
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };
  if (created)
    return (
      <Result
        status="success"
        title={t('team.create.done')}
        subTitle={<span>{t('team.code')}: <Typography.Text copyable strong data-testid="created-team-code">{created.teamCode}</Typography.Text></span>}
        extra={
          <Button type="primary" data-testid="go-to-team" onClick={() => switchOrganization({ id: created.id, type: 'TEAM' }).catch((e: Error) => showError(e))} autoFocus>
            {t('team.create.goTo')}
          </Button>
        }
      />
    );
  const opts = (group: string, keys: readonly string[]) => keys.map((k) => ({ value: k, label: t(`team.${group}.${k}`) }));
  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false} data-testid="create-team-form">
      <Form.Item name="name" label={t('team.name')} rules={[rules.required, { max: 255 }]}>
        <Input data-testid="create-team-name" />
      </Form.Item>
      <Form.Item name="area" label={t('team.area')} rules={[rules.required]}>
        <Select options={opts('areas', AREAS)} data-testid="create-team-area" />
      </Form.Item>
      <Form.Item name="industry" label={t('team.industry')} rules={[rules.required]}>
        <Select options={opts('industries', INDUSTRIES)} data-testid="create-team-industry" />
      </Form.Item>
      <Form.Item name="role" label={t('team.yourRole')} rules={[rules.required]}>
        <Select options={opts('roles', ROLES)} data-testid="create-team-role" />
      </Form.Item>
      <Form.Item name="agree" valuePropName="checked" rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('team.create.agreeRequired')))) }]}>
        <Checkbox data-testid="create-team-agree">
          {/* No terms pages are served yet: the names are shown, not linked. */}
          {t('team.create.agreePrefix')} <Typography.Text strong>{t('team.create.serviceTerms')}</Typography.Text> {t('team.create.and')}{' '}
          <Typography.Text strong>{t('team.create.orgTerms')}</Typography.Text>
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="create-team-submit">
        {t('team.create.submit')}
      </Button>
    </Form>
  );
}

type CodeState = { state: 'idle' } | { state: 'verifying' } | { state: 'valid'; name: string } | { state: 'invalid'; message: string };

/** Verifies an 8-digit team code as it is typed: verifying → the team's name, or "Invalid team code". */
export function useTeamCodeCheck(code: string | undefined): CodeState {
  const { t } = useTranslation();
  const [s, setS] = useState<CodeState>({ state: 'idle' });
  useEffect(() => {
    if (!code || !/^\d{8}$/.test(code)) return setS({ state: 'idle' });
    let live = true;
    setS({ state: 'verifying' });
    accountApi.queryByTeamCode(code).then(
      (org) => live && setS(org ? { state: 'valid', name: org.name } : { state: 'invalid', message: t('team.join.invalidCode') }),
      (e: Error) => live && setS({ state: 'invalid', message: e instanceof ApiError && e.errorCode === 'INVALID_TEAM_CODE' ? e.message : t('team.join.invalidCode') }),
    );
    return () => {
      live = false;
    };
  }, [code, t]);
  return s;
}

function JoinTeamForm() {
  const { t } = useTranslation();
  const rules = formRules(t);
  const user = useSession((s) => s.user);
  const [form] = Form.useForm();
  const code = Form.useWatch('teamCode', form) as string | undefined;
  const check = useTeamCodeCheck(code?.trim());
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (v: { teamCode: string; name: string; reason?: string }) => {
    if (check.state === 'invalid') return;
    setBusy(true);
    setError(undefined);
    try {
      await accountApi.join({ teamCode: v.teamCode.trim(), name: v.name.trim(), reason: v.reason?.trim() || undefined });
      setSent(true);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (sent) return <Result status="success" title={t('team.join.sent')} subTitle={t('team.join.awaiting')} data-testid="join-sent" />;
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} initialValues={{ name: user?.displayName }} data-testid="join-team-form">
      <Form.Item name="name" label={t('team.join.name')} rules={[rules.required, { max: 255 }]}>
        <Input data-testid="join-team-name" />
      </Form.Item>
      <Form.Item
        name="teamCode"
        label={t('team.code')}
        rules={rules.teamCode}
        validateStatus={check.state === 'verifying' ? 'validating' : check.state === 'invalid' ? 'error' : undefined}
        help={check.state === 'verifying' ? t('team.join.verifying') : check.state === 'invalid' ? <span data-testid="team-code-invalid">{check.message}</span> : check.state === 'valid' ? <span data-testid="team-code-valid"><CheckCircleFilled style={{ color: '#52c41a' }} /> {check.name}</span> : undefined}
        hasFeedback={check.state !== 'idle'}
      >
        <Input maxLength={8} inputMode="numeric" placeholder="12345678" suffix={check.state === 'verifying' ? <LoadingOutlined /> : undefined} data-testid="join-team-code" />
      </Form.Item>
      <Form.Item name="reason" label={t('team.join.reason')}>
        <Input.TextArea rows={3} maxLength={1000} data-testid="join-team-reason" />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="join-error" />}
      <Button type="primary" htmlType="submit" loading={busy} disabled={check.state === 'verifying'} data-testid="join-team-submit">
        {t('team.join.submit')}
      </Button>
    </Form>
  );
}
