/**
 * Flows as a paged table with a status filter (spec 02 §2 "Approval list": flow id, name, status, a
 * view action); the approval list and the apply list both show one, each with its own loader.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { App, Button, Segmented, Space, Table, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APPROVAL_STATUSES, type Page } from '@askdb/contracts';
import type { ApprovalFlowSummary, StatusFilter } from '../permissions/governance-api';
import { formatTime } from '../permissions/format';
import { FlowView } from './FlowView';
import { StatusTag } from './StatusTag';
import { useErrorToast } from '../../app/use-error-toast';

const PAGE_SIZE = 20;
export const STATUS_FILTERS: StatusFilter[] = ['all', ...APPROVAL_STATUSES];

interface Props {
  title: string;
  testId: string;
  load(status: StatusFilter, pageNo: number, pageSize: number): Promise<Page<ApprovalFlowSummary>>;
  /** Bumped by the caller to reload (e.g. after an application was sent). */
  reloadKey?: number;
  /** Show the applicant column (the approval list). */
  showApplicant?: boolean;
  extra?: ReactNode;
  emptyText: string;
}

export function FlowTable({ title, testId, load, reloadKey, showApplicant, extra, emptyText }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<Page<ApprovalFlowSummary>>();
  const [loading, setLoading] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);

  const reload = useCallback(() => {
    setLoading(true);
    load(status, pageNo, PAGE_SIZE)
      .then(setPage, (e: Error) => showError(e))
      .finally(() => setLoading(false));
  }, [load, status, pageNo, message]);
  useEffect(reload, [reload, reloadKey]);

  return (
    <div data-testid={testId}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>{title}</Typography.Title>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={reload} aria-label={t('approval.refresh')} data-testid={`${testId}-refresh`} />
          {extra}
        </Space>
      </Space>
      <div style={{ overflowX: 'auto', marginBottom: 12 }}>
        <Segmented<StatusFilter>
          value={status}
          onChange={(s) => {
            setStatus(s);
            setPageNo(1);
          }}
          options={STATUS_FILTERS.map((s) => ({ value: s, label: <span data-testid={`status-filter-${s}`}>{s === 'all' ? t('approval.all') : t(`approval.status.${s}`)}</span> }))}
        />
      </div>
      <Table<ApprovalFlowSummary>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={page?.data}
        locale={{ emptyText }}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: page?.total ?? 0, showSizeChanger: false, showTotal: (total) => t('approval.total', { total }), onChange: setPageNo }}
        onRow={(r) => ({ 'data-testid': `flow-row-${r.id}` }) as object}
        columns={[
          { title: t('approval.flowId'), width: 90, render: (_, r) => <span data-testid="flow-id">#{r.id}</span> },
          { title: t('approval.name'), render: (_, r) => <span data-testid="flow-name">{r.name}</span> },
          ...(showApplicant ? [{ title: t('approval.applicant'), width: 150, render: (_: unknown, r: ApprovalFlowSummary) => r.applicant.name }] : []),
          { title: t('approval.statusCol'), width: 130, render: (_, r) => <StatusTag status={r.status} /> },
          { title: t('approval.created'), width: 150, render: (_, r) => formatTime(r.gmtCreate) },
          {
            title: t('approval.action'),
            width: 90,
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => setViewing(r.id)} data-testid="flow-view">
                {t('approval.view')}
              </Button>
            ),
          },
        ]}
      />
      <FlowView id={viewing} onClose={() => setViewing(null)} onChanged={reload} />
    </div>
  );
}
