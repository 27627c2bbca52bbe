/**
 * One flow (spec 02 §2 "the flow view"): applicant, current status, description, what was asked
 * (reason, script), the approval process step by step with its approvers, actors and comments,
 * and the actions the caller may take now.
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Descriptions, Drawer, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApprovalStepView } from '@askdb/contracts';
import { governanceApi, type ApprovalFlowDetail } from '../permissions/governance-api';
import { formatTime } from '../permissions/format';
import { ScopeTables } from '../permissions/ScopeTables';
import { ActionDialog, type FlowAction } from './ActionDialog';
import { usePendingCount } from './pending-count';
import { StatusTag } from './StatusTag';
import { useErrorToast } from '../../app/use-error-toast';

interface Props {
  id: number | null;
  onClose(): void;
  onChanged?(): void;
}

const STEP_COLORS: Record<string, string> = { APPROVED: 'green', ADD_SIGNATURE: 'green', TRANSFERRED: 'purple', REJECTED: 'red', PENDING: 'blue', INVOKED: 'blue', REVOKED: 'gray', SKIPPED: 'gray' };

export function FlowView({ id, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [flow, setFlow] = useState<ApprovalFlowDetail | null>(null);
  const [action, setAction] = useState<FlowAction | null>(null);

  const load = useCallback(() => {
    if (id == null) return;
    governanceApi.approval(id).then(setFlow, (e: Error) => {
      showError(e);
      onClose();
    });
  }, [id, message, onClose]);
  useEffect(() => {
    setFlow(null);
    load();
  }, [load]);

  const step = (s: ApprovalStepView) => {
    const who =
      s.kind === 'APPLY'
        ? t('approval.step.applied', { name: s.actor?.name ?? '' })
        : s.kind === 'REVOKE'
          ? t('approval.step.revoked', { name: s.actor?.name ?? '' })
          : t('approval.step.approvers', { names: s.approvers.map((a) => a.name).join(', ') || t('approval.step.admins') });
    return {
      key: s.id,
      color: STEP_COLORS[s.status] ?? 'blue',
      children: (
        <div data-testid="flow-step" data-status={s.status}>
          <Space wrap size={6}>
            <Typography.Text strong>{who}</Typography.Text>
            <StatusTag status={s.status} />
          </Space>
          {s.kind === 'APPROVE' && s.actor && <div><Typography.Text type="secondary">{t('approval.step.actedBy', { name: s.actor.name })}</Typography.Text></div>}
          {s.comment && <div className="askdb-flow-comment" data-testid="flow-step-comment">“{s.comment}”</div>}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{formatTime(s.actedAt ?? s.gmtCreate)}</Typography.Text>
        </div>
      ),
    };
  };

  const buttons: { key: FlowAction; primary?: boolean; danger?: boolean }[] = flow?.canAct
    ? [{ key: 'approve', primary: true }, { key: 'reject', danger: true }, { key: 'transfer' }, { key: 'add_signature' }]
    : [];
  if (flow?.canRevoke) buttons.push({ key: 'revoke', danger: true });

  return (
    <Drawer
      open={id != null}
      onClose={onClose}
      width={620}
      title={flow ? <span data-testid="flow-title">#{flow.id} {flow.name}</span> : t('approval.view')}
      data-testid="flow-view"
      footer={
        buttons.length ? (
          <Space style={{ width: '100%', justifyContent: 'flex-end' }} wrap>
            {buttons.map((b) => (
              <Button key={b.key} type={b.primary ? 'primary' : 'default'} danger={b.danger} onClick={() => setAction(b.key)} data-testid={`flow-${b.key}`}>
                {t(`approval.act.${b.key}`)}
              </Button>
            ))}
          </Space>
        ) : null
      }
    >
      {!flow ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 20 }}>
            <Descriptions.Item label={t('approval.applicant')}><span data-testid="flow-applicant">{flow.applicant.name}</span></Descriptions.Item>
            <Descriptions.Item label={t('approval.currentStatus')}><StatusTag status={flow.status} /></Descriptions.Item>
            <Descriptions.Item label={t('approval.type')}><Tag>{t(`approval.types.${flow.type}`)}</Tag></Descriptions.Item>
            <Descriptions.Item label={t('approval.description')}><span data-testid="flow-description">{flow.description}</span></Descriptions.Item>
            {flow.reason && <Descriptions.Item label={t('approval.reason')}>{flow.reason}</Descriptions.Item>}
            {flow.scope && (
              <>
                <Descriptions.Item label={flow.status === 'APPROVED' ? t('approval.scopeGranted') : t('approval.scope')}>
                  <ScopeTables items={flow.scope.tables} wholePlace={[flow.dataSourceName, flow.databaseName, flow.schemaName].filter(Boolean).join(' / ')} testId="flow-scope" />
                </Descriptions.Item>
                <Descriptions.Item label={t('approval.validity')}>
                  <span data-testid="flow-validity">{flow.scope.expireAt ? t('perm.validity.until', { date: formatTime(flow.scope.expireAt) }) : t('perm.validity.none')}</span>
                </Descriptions.Item>
              </>
            )}
            {flow.script && (
              <Descriptions.Item label={t('approval.script')}>
                <Typography.Paragraph className="askdb-perm-mono" copyable={{ text: flow.script }} ellipsis={{ rows: 6, expandable: true, symbol: t('approval.more') }} style={{ marginBottom: 0 }} data-testid="flow-script">
                  {flow.script}
                </Typography.Paragraph>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('approval.created')}>{formatTime(flow.gmtCreate)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t('approval.process')}</Typography.Title>
          <Timeline items={flow.steps.map(step)} data-testid="flow-steps" />
          <ActionDialog
            flow={flow}
            action={action}
            onClose={(done) => {
              setAction(null);
              if (!done) return;
              load();
              onChanged?.();
              void usePendingCount.getState().refresh();
            }}
          />
        </>
      )}
    </Drawer>
  );
}
