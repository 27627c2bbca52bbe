/** Transfer team (super admin only): pick a member, then a second confirmation; the owner becomes an admin. */
import { useState } from 'react';
import { App, Button, Form, Modal, Select, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi, type MemberRow } from '../auth/account-api';
import { useErrorToast } from '../../app/use-error-toast';

export function TransferTeam({ organizationId, ownUserId }: { organizationId: number; ownUserId?: number }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const showError = useErrorToast();
  const [open, setOpen] = useState(false);
  const [members, setMembers] = useState<MemberRow[]>([]);
  const [target, setTarget] = useState<number>();
  const start = async () => {
    setOpen(true);
    setTarget(undefined);
    const page = await accountApi.members({ organizationId, pageNo: 1, pageSize: 500 }).catch((e: Error) => (showError(e), undefined));
    setMembers((page?.data ?? []).filter((m) => m.userId !== ownUserId && m.status === 'VALID'));
  };
  const confirm = () => {
    const m = members.find((x) => x.userId === target);
    if (!m) return;
    modal.confirm({
      title: t('team.transfer.confirmTitle'),
      content: t('team.transfer.confirm', { name: m.name }),
      okButtonProps: { danger: true, 'data-testid': 'transfer-confirm-ok' } as ButtonProps,
      okText: t('team.transfer.action'),
      onOk: async () => {
        try {
          await accountApi.transferOwner(organizationId, m.userId);
          message.success(t('team.transfer.done'));
          window.location.reload();
        } catch (e) {
          showError(e);
        }
      },
    });
  };
  return (
    <>
      <Button danger onClick={start} data-testid="team-transfer">{t('team.transfer.action')}</Button>
      <Modal open={open} title={t('team.transfer.action')} onCancel={() => setOpen(false)} onOk={confirm} okButtonProps={{ danger: true, disabled: !target, 'data-testid': 'transfer-next' } as ButtonProps} okText={t('team.transfer.next')} destroyOnHidden>
        <Form layout="vertical">
          <Form.Item label={t('team.transfer.pick')}>
            <Select
              showSearch
              optionFilterProp="label"
              value={target}
              onChange={setTarget}
              data-testid="transfer-member"
              options={members.map((m) => ({ value: m.userId, label: m.email ? `${m.name} (${m.email})` : m.name }))}
              notFoundContent={t('team.transfer.noMembers')}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
