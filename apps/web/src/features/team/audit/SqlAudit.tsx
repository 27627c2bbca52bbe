/**
 * The SQL audit page (spec 02 §2/§3, super admin only): every statement run in the team — filtered by
 * user, data source, statement type, time range and text; paged on the server, newest first; CSV
 * export of everything the filters match.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Button, DatePicker, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SQL_STATEMENT_TYPES, type Page } from '@askdb/contracts';
import { accountApi } from '../../auth/account-api';
import { useSession } from '../../auth/session';
import { downloadUrl } from './download';
import { auditApi, type AuditFilters, type SqlAuditRecord } from './audit-api';
import { formatDuration, formatStart } from './format';
import { AuditRetention } from './AuditRetention';
import { useErrorToast } from '../../../app/use-error-toast';

const PAGE_SIZE = 20;
type Option = { value: number; label: string };

export function SqlAudit() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const orgId = useSession((s) => s.user?.currentOrganization?.id);
  const isOperator = useSession((s) => !!s.user?.isOperator);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<Page<SqlAuditRecord>>();
  const [loading, setLoading] = useState(false);
  const [users, setUsers] = useState<Option[]>([]);
  const [sources, setSources] = useState<Option[]>([]);

  useEffect(() => {
    if (orgId == null) return;
    accountApi.members({ organizationId: orgId, pageNo: 1, pageSize: 500 }).then((p) => setUsers(p.data.map((m) => ({ value: m.userId, label: m.name }))), () => setUsers([]));
    auditApi.dataSources().then((p) => setSources(p.data.map((d) => ({ value: d.id, label: d.alias }))), () => setSources([]));
  }, [orgId]);

  const load = useCallback(() => {
    setLoading(true);
    auditApi
      .list(filters, pageNo, PAGE_SIZE)
      .then(setPage, (e: Error) => showError(e))
      .finally(() => setLoading(false));
  }, [filters, pageNo, message]);
  useEffect(load, [load]);

  const change = (f: Partial<AuditFilters>) => {
    setFilters((x) => ({ ...x, ...f }));
    setPageNo(1);
  };
  const sourceName = useMemo(() => new Map(sources.map((s) => [s.value, s.label])), [sources]);
  const setRange = (r: [Dayjs | null, Dayjs | null] | null) => change({ from: r?.[0]?.toDate().toISOString(), to: r?.[1]?.toDate().toISOString() });

  return (
    <div data-testid="team-audit">
      <Typography.Title level={4}>{t('team.menu.audit')}</Typography.Title>
      {isOperator && <AuditRetention />}
      <Space style={{ marginBottom: 12 }} wrap>
        <Select<number> allowClear showSearch optionFilterProp="label" placeholder={t('team.audit.user')} style={{ width: 180 }} options={users} onChange={(userId) => change({ userId })} data-testid="audit-filter-user" />
        <Select<number> allowClear showSearch optionFilterProp="label" placeholder={t('team.audit.dataSource')} style={{ width: 200 }} options={sources} onChange={(dataSourceId) => change({ dataSourceId })} data-testid="audit-filter-source" />
        <Select allowClear placeholder={t('team.audit.type')} style={{ width: 140 }} options={SQL_STATEMENT_TYPES.map((v) => ({ value: v, label: t(`team.audit.types.${v}`) }))} onChange={(statementType) => change({ statementType })} data-testid="audit-filter-type" />
        <DatePicker.RangePicker showTime placeholder={[t('team.audit.from'), t('team.audit.to')]} onChange={(r) => setRange(r as [Dayjs | null, Dayjs | null] | null)} data-testid="audit-filter-time" />
        <Input.Search allowClear placeholder={t('team.audit.search')} style={{ width: 240 }} onSearch={(searchKey) => change({ searchKey })} data-testid="audit-filter-text" />
        <Tooltip title={t('team.audit.refresh')}>
          <Button icon={<ReloadOutlined />} onClick={load} data-testid="audit-refresh" />
        </Tooltip>
        <Button icon={<DownloadOutlined />} onClick={() => downloadUrl(auditApi.exportUrl(filters, i18n.language))} data-testid="audit-export">{t('team.audit.export')}</Button>
      </Space>
      <Table<SqlAuditRecord>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={page?.data}
        data-testid="audit-table"
        // The SQL column takes what is left; Result and Client stay pinned right, so 1440 px never cuts them.
        scroll={{ x: 1100 }}
        tableLayout="fixed"
        locale={{ emptyText: t('team.audit.empty') }}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: page?.total ?? 0, showSizeChanger: false, showTotal: (total) => t('team.audit.total', { total }), onChange: setPageNo }}
        columns={[
          { title: t('team.audit.startTime'), width: 160, render: (_, r) => formatStart(r.startTime) },
          { title: t('team.audit.user'), width: 120, render: (_, r) => r.userName ?? `#${r.userId}` },
          {
            title: t('team.audit.dataSource'),
            width: 160,
            render: (_, r) => (
              <span>
                {sourceName.get(r.dataSourceId) ?? `#${r.dataSourceId}`}
                {(r.databaseName || r.schemaName) && <Typography.Text type="secondary"> · {[r.databaseName, r.schemaName].filter(Boolean).join('.')}</Typography.Text>}
              </span>
            ),
          },
          { title: t('team.audit.type'), width: 84, render: (_, r) => <Tag data-testid="audit-type">{r.statementType}</Tag> },
          {
            title: t('team.audit.sql'),
            render: (_, r) => (
              <Typography.Paragraph className="askdb-audit-sql" ellipsis={{ rows: 2, expandable: true, symbol: t('team.audit.more') }} copyable={{ text: r.sql }} style={{ marginBottom: 0 }} data-testid="audit-sql">
                {r.sql}
              </Typography.Paragraph>
            ),
          },
          { title: t('team.audit.duration'), width: 84, align: 'right', render: (_, r) => formatDuration(r.duration) },
          { title: t('team.audit.rows'), width: 70, align: 'right', render: (_, r) => r.rowCount ?? '—' },
          {
            title: t('team.audit.result'),
            width: 100,
            fixed: 'right',
            render: (_, r) =>
              r.success ? (
                <Tag color="green">{t('team.audit.succeeded')}</Tag>
              ) : (
                <Tooltip title={r.message}>
                  <Tag color="red" data-testid="audit-failed">{t('team.audit.failed')}</Tag>
                </Tooltip>
              ),
          },
          { title: t('team.audit.clientIp'), width: 130, fixed: 'right', render: (_, r) => <span data-testid="audit-client">{r.clientIp ?? '—'}</span> },
        ]}
      />
    </div>
  );
}
