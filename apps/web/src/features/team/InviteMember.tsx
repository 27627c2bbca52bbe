/** Invite member by e-mail, or make an invite link to copy (valid for a week). */
import { useState } from 'react';
import { App, Button, Divider, Form, Input, Modal, Space, Typography } from 'antd';
import { LinkOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ORGANIZATION_LIMITS } from '@askdb/contracts';
import { accountApi } from '../auth/account-api';
import { formRules } from '../auth/rules';
import { useErrorToast } from '../../app/use-error-toast';


export function InviteMember({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState<string>();
  const [form] = Form.useForm();
  const makeLink = () => accountApi.inviteLink(organizationId).then((r) => setLink(r.url), (e: Error) => showError(e));
  const byEmail = async (v: { email: string }) => {
    try {
      const r = await accountApi.inviteByEmail(organizationId, v.email.trim());
      // Without a mail server the link is still made: show it to pass on by hand.
      if (r.sent) message.success(t('team.invite.sent', { email: v.email.trim() }));
      else {
        message.warning(r.message ?? t('team.invite.notSent'));
        setLink(r.url);
      }
      form.resetFields();
    } catch (e) {
      showError(e);
    }
  };
  return (
    <>
      <Space>
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setOpen(true)} data-testid="invite-member">{t('team.invite.member')}</Button>
        <Button icon={<LinkOutlined />} onClick={() => { setOpen(true); void makeLink(); }} data-testid="invite-link">{t('team.invite.link')}</Button>
      </Space>
      <Modal open={open} title={t('team.invite.member')} footer={null} onCancel={() => setOpen(false)} destroyOnHidden afterClose={() => setLink(undefined)}>
        <Form form={form} layout="vertical" onFinish={byEmail} requiredMark={false}>
          <Form.Item name="email" label={t('account.email')} rules={formRules(t).email}>
            <Input data-testid="invite-email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" data-testid="invite-send">{t('team.invite.send')}</Button>
        </Form>
        <Divider plain>{t('auth.or')}</Divider>
        {link ? (
          <>
            <Typography.Paragraph copyable={{ text: link }} code style={{ wordBreak: 'break-all' }} data-testid="invite-link-value">{link}</Typography.Paragraph>
            <Typography.Text type="secondary">{t('team.invite.linkValid', { days: ORGANIZATION_LIMITS.inviteDays })}</Typography.Text>
          </>
        ) : (
          <Button icon={<LinkOutlined />} onClick={makeLink} data-testid="invite-make-link">{t('team.invite.makeLink')}</Button>
        )}
      </Modal>
    </>
  );
}
