/**
 * REDIS_ALL_DATA tab (spec 01 §2): every key of one Redis database with its type, TTL and memory, a page at a
 * time from the server (SCAN, never KEYS), filtered on the server by a substring. A key opens its data.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Input, Table, Tag } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DatabaseType } from '@askdb/contracts';
import { metaApi, type TableItem } from '../workspace/meta-api';
import { openTab, type TabTarget } from '../workspace/open-tabs';
import type { WorkspaceTab } from '../workspace/tabs-store';
import { NewKeyButton } from './NewKeyDialog';

const PAGE_SIZE = 100;
const SEARCH_DEBOUNCE_MS = 300;
const TYPE_COLORS: Record<string, string> = { string: 'blue', hash: 'purple', list: 'green', set: 'orange', zset: 'magenta', stream: 'cyan' };

export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '';
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

export function RedisAllDataTab({ tab }: { tab: WorkspaceTab }) {
  const { t } = useTranslation();
  const target: TabTarget = { dataSourceId: tab.dataSourceId!, dataSourceName: tab.dataSourceName, databaseType: tab.databaseType as DatabaseType, databaseName: tab.databaseName, schemaName: null };
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [reload, setReload] = useState(0);
  const [page, setPage] = useState<{ rows: TableItem[]; total: number } | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setPageNo(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    metaApi.tablePage(target, { pageNo, pageSize: PAGE_SIZE, searchKey: query, refresh: reload > 0 }).then(
      (p) => live && setPage({ rows: p.data, total: p.total }),
      (e) => live && setError((e as Error).message),
    ).finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tab.dataSourceId, tab.databaseName, pageNo, query, reload]);

  return (
    <div className="askdb-pane" data-testid="redis-all-data">
      <div className="askdb-pane-toolbar">
        <Input
          size="small" allowClear prefix={<SearchOutlined />} placeholder={t('redis.search')} value={search}
          onChange={(e) => setSearch(e.target.value)} style={{ width: 280 }} data-testid="redis-search"
        />
        <Button size="small" icon={<ReloadOutlined />} onClick={() => setReload((n) => n + 1)}>{t('workspace.menu.refresh')}</Button>
        <NewKeyButton
          run={async (command) => {
            const [r] = await metaApi.execute({ dataSourceId: tab.dataSourceId!, databaseName: tab.databaseName, schemaName: null }, command, { errorContinue: false });
            if (!r || !r.success) throw new Error(r?.message || command);
            return r.dataList[0]?.[0] ?? null;
          }}
          onCreated={() => setReload((n) => n + 1)}
        />
        <span style={{ marginLeft: 'auto', opacity: 0.6, fontSize: 12 }} data-testid="redis-count">{page ? t('redis.keyCount', { count: page.total }) : ''}</span>
      </div>
      {error && <Alert type="error" showIcon title={error} style={{ margin: 12 }} />}
      <div className="askdb-pane-body">
        <Table<TableItem>
          size="small"
          rowKey="name"
          loading={loading}
          dataSource={page?.rows ?? []}
          locale={{ emptyText: query ? t('workspace.noSearchResult') : t('workspace.empty') }}
          pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: page?.total ?? 0, showSizeChanger: false, size: 'small', onChange: setPageNo }}
          scroll={{ y: 560 }}
          onRow={(r) => ({ 'data-testid': 'redis-key-row', 'data-key-name': r.name } as React.HTMLAttributes<HTMLElement>)}
          columns={[
            {
              title: t('redis.col.key'),
              dataIndex: 'name',
              ellipsis: true,
              render: (name: string) => (
                <a href="#" onClick={(e) => { e.preventDefault(); openTab.tableData({ ...target, tableName: name }); }}>{name}</a>
              ),
            },
            {
              title: t('redis.col.type'), width: 110,
              render: (_: unknown, r) => {
                const type = String(r.details?.type ?? r.comment ?? '');
                return <Tag color={TYPE_COLORS[type]} data-testid="redis-type">{type}</Tag>;
              },
            },
            {
              title: t('redis.col.ttl'), width: 130,
              render: (_: unknown, r) => {
                const ttl = Number(r.details?.ttl ?? -1);
                return <span data-testid="redis-ttl">{ttl >= 0 ? t('redis.seconds', { count: ttl }) : t('redis.noExpiry')}</span>;
              },
            },
            { title: t('redis.col.size'), width: 110, render: (_: unknown, r) => formatBytes(r.details?.size as number | null | undefined) },
          ]}
        />
      </div>
    </div>
  );
}
