/**
 * One decision on a flow: approve, reject (with a comment), transfer (one approver), add signature
 * (approvers who must also approve) or revoke (the applicant). Approvers are the team's admins.
 */
import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApprovalScopeItem, MemberRow } from '@askdb/contracts';
import { ScopeTables } from '../permissions/ScopeTables';
import { ValiditySelect, validityToIso } from '../permissions/ValiditySelect';
import { accountApi } from '../auth/account-api';
import { useSession } from '../auth/session';
import { governanceApi, type ApprovalFlowDetail } from '../permissions/governance-api';
import { useErrorToast } from '../../app/use-error-toast';

export type FlowAction = 'approve' | 'reject' | 'transfer' | 'add_signature' | 'revoke';

interface Props {
  flow: ApprovalFlowDetail;
  action: FlowAction | null;
  onClose(done?: boolean): void;
}

export function ActionDialog({ flow, action, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const me = useSession((s) => s.user);
  const [form] = Form.useForm<{ comment?: string; userId?: number; userIds?: number[] }>();
  const [approvers, setApprovers] = useState<MemberRow[]>([]);
  const [busy, setBusy] = useState(false);
  const picks = action === 'transfer' || action === 'add_signature';
  const orgId = me?.currentOrganization?.id;
  // Approving a data flow: the approver narrows the asked scope and sets the validity (issue 25 point 6).
  const narrows = action === 'approve' && !!flow.scope;
  const [tables, setTables] = useState<ApprovalScopeItem[]>(flow.scope?.tables ?? []);
  const [validity, setValidity] = useState('asked');
  useEffect(() => {
    if (!action) return;
    setTables(flow.scope?.tables ?? []);
    setValidity('asked');
  }, [action, flow.scope]);

  useEffect(() => {
    if (!picks || orgId == null) return;
    accountApi.members({ organizationId: orgId, pageNo: 1, pageSize: 500 }).then(
      (p) => setApprovers(p.data.filter((m) => m.status === 'VALID' && (m.roleCode === 'ADMIN' || m.roleCode === 'SUPER_ADMIN') && m.userId !== me?.id && m.userId !== flow.applicant.userId)),
      () => setApprovers([]),
    );
  }, [picks, orgId, me?.id, flow.applicant.userId]);

  const submit = async () => {
    const v = await form.validateFields();
    const comment = v.comment?.trim() || undefined;
    setBusy(true);
    try {
      if (action === 'approve') await governanceApi.approve(flow.id, comment, narrows ? { tables, expireAt: validityToIso(validity, flow.scope!.expireAt) } : {});
      else if (action === 'reject') await governanceApi.reject(flow.id, comment);
      else if (action === 'revoke') await governanceApi.revoke(flow.id, comment);
      else if (action === 'transfer') await governanceApi.transfer(flow.id, v.userId!, comment);
      else if (action === 'add_signature') await governanceApi.addSignature(flow.id, v.userIds!, comment);
      message.success(t(`approval.done.${action}`));
      onClose(true);
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };

  const options = approvers.map((m) => ({ value: m.userId, label: m.name }));
  return (
    <Modal
      open={!!action}
      title={action ? t(`approval.act.${action}`) : ''}
      okText={action ? t(`approval.act.${action}`) : ''}
      cancelText={t('perm.cancel')}
      okButtonProps={{ danger: action === 'reject' || action === 'revoke', 'data-testid': 'flow-action-ok' }}
      onOk={() => void submit()}
      onCancel={() => onClose()}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="flow-action-dialog"
      width={narrows ? 600 : undefined}
    >
      <Form form={form} layout="vertical" preserve={false}>
        {narrows && (
          <>
            <Typography.Paragraph type="secondary">{t('approval.narrowHint')}</Typography.Paragraph>
            <Form.Item label={t('perm.scope.label')}>
              <ScopeTables items={tables} onChange={setTables} wholePlace={[flow.dataSourceName, flow.databaseName, flow.schemaName].filter(Boolean).join(' / ')} testId="approve-tables" />
            </Form.Item>
            <Form.Item label={t('approval.validity')}>
              <ValiditySelect value={validity} onChange={setValidity} max={flow.scope!.expireAt} testId="approve-validity" />
            </Form.Item>
          </>
        )}
        {action === 'transfer' && (
          <Form.Item name="userId" label={t('approval.transferTo')} rules={[{ required: true, message: t('approval.pickApprover') }]} extra={!options.length ? t('approval.noOtherApprovers') : undefined}>
            <Select showSearch optionFilterProp="label" options={options} data-testid="flow-action-approver" />
          </Form.Item>
        )}
        {action === 'add_signature' && (
          <Form.Item name="userIds" label={t('approval.signers')} rules={[{ required: true, message: t('approval.pickApprover') }]} extra={options.length ? t('approval.signersHint') : t('approval.noOtherApprovers')}>
            <Select mode="multiple" showSearch optionFilterProp="label" options={options} data-testid="flow-action-approvers" />
          </Form.Item>
        )}
        <Form.Item name="comment" label={t('approval.comment')} rules={action === 'reject' ? [{ required: true, whitespace: true, message: t('approval.commentRequired') }] : []}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} showCount placeholder={action === 'reject' ? undefined : t('perm.optional')} data-testid="flow-action-comment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
