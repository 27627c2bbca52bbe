/**
 * A Redis key opened from the tree or "All data" (EDIT_TABLE_DATA on a Redis source): its type, TTL and
 * length, and its content read a page at a time by the command its type needs (key-commands.ts).
 * Actions: TTL, a string's value, delete (KeyActions); anything else with commands in a console.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Table, Tag } from 'antd';
import { DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { quoteRedisText } from '@askdb/sql';
import { metaApi } from '../workspace/meta-api';
import type { WorkspaceTab } from '../workspace/tabs-store';
import { LENGTH_COMMAND, firstCursor, pageCommand, readPage, type Cursor } from './key-commands';
import { KeyActions } from './KeyActions';
import { AddMemberButton, EDITABLE_TYPES, MemberRowActions } from './MemberEditor';
import type { RedisKeyType } from '@askdb/sql';

const PAGE_SIZE = 200;

interface KeyInfo { type: string; ttl: number; length: string | null }

export function RedisKeyTab({ tab }: { tab: WorkspaceTab }) {
  const { t } = useTranslation();
  const key = tab.tableName!;
  const loc = useMemo(() => ({ dataSourceId: tab.dataSourceId!, databaseName: tab.databaseName, schemaName: null }), [tab.dataSourceId, tab.databaseName]);
  const [info, setInfo] = useState<KeyInfo | null>(null);
  const [columns, setColumns] = useState<string[]>([]);
  const [rows, setRows] = useState<(string | null)[][]>([]);
  const [next, setNext] = useState<Cursor>({ kind: 'done' });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(async (command: string) => {
    const [r] = await metaApi.execute(loc, command, { errorContinue: false, pageSize: PAGE_SIZE * 2 + 2 });
    if (!r || !r.success) throw new Error(r?.message || command);
    return r;
  }, [loc]);

  const runCell = useCallback(async (command: string) => (await run(command)).dataList[0]?.[0] ?? null, [run]);
  const editable = !!info && EDITABLE_TYPES.includes(info.type);

  const loadPage = useCallback(async (type: string, at: Cursor, append: boolean) => {
    const command = pageCommand(type, key, at, PAGE_SIZE);
    if (!command) return;
    const r = await run(command);
    const page = readPage(type, at, PAGE_SIZE, r.headerList.map((h) => h.name), r.dataList);
    setColumns(page.columns);
    setRows((old) => (append ? [...old, ...page.rows] : page.rows));
    setNext(page.next);
  }, [key, run]);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const k = quoteRedisText(key);
      const type = String((await run(`TYPE ${k}`)).dataList[0]?.[0] ?? 'none');
      const pttl = Number((await run(`PTTL ${k}`)).dataList[0]?.[0] ?? -1);
      const length = LENGTH_COMMAND[type] ? (await run(`${LENGTH_COMMAND[type]} ${k}`)).dataList[0]?.[0] ?? null : null;
      setInfo({ type, ttl: pttl > 0 ? Math.ceil(pttl / 1000) : pttl, length });
      setRows([]);
      setColumns([]);
      setNext({ kind: 'done' });
      if (type !== 'none') await loadPage(type, firstCursor(type), false);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [key, run, loadPage]);

  useEffect(() => {
    void load();
  }, [load]);

  const more = async () => {
    if (!info || next.kind === 'done') return;
    setLoading(true);
    try {
      await loadPage(info.type, next, true);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="askdb-pane" data-testid="redis-key-tab">
      <div className="askdb-pane-toolbar">
        <strong style={{ overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 420 }} title={key}>{key}</strong>
        {info && <Tag data-testid="redis-key-type">{info.type}</Tag>}
        {info && <span data-testid="redis-key-ttl" style={{ fontSize: 12, opacity: 0.75 }}>{t('redis.col.ttl')}: {info.ttl >= 0 ? t('redis.seconds', { count: info.ttl }) : t('redis.noExpiry')}</span>}
        {info?.length !== null && info?.length !== undefined && <span style={{ fontSize: 12, opacity: 0.75 }}>{t('redis.length', { count: Number(info.length) })}</span>}
        <span style={{ marginLeft: 'auto' }} />
        {info && info.type !== 'none' && (
          <KeyActions
            keyName={key} type={info.type} ttl={info.ttl} value={info.type === 'string' ? rows[0]?.[0] ?? null : null}
            run={run} onChanged={() => void load()}
          />
        )}
        {editable && <AddMemberButton keyName={key} type={info!.type as RedisKeyType} run={runCell} onChanged={() => void load()} />}
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void load()}>{t('workspace.menu.refresh')}</Button>
      </div>
      {error && <Alert type="error" showIcon title={error} style={{ margin: 12 }} />}
      {info?.type === 'none' && <Alert type="warning" showIcon title={t('redis.keyGone')} style={{ margin: 12 }} />}
      {info && info.type !== 'none' && !pageCommand(info.type, key, firstCursor(info.type), 1) && <Alert type="info" showIcon title={t('redis.unsupportedType', { type: info.type })} style={{ margin: 12 }} />}
      <div className="askdb-pane-body">
        <Table<{ i: number; cells: (string | null)[] }>
          size="small"
          rowKey="i"
          loading={loading}
          pagination={false}
          virtual
          scroll={{ y: 560 }}
          dataSource={rows.map((cells, i) => ({ i, cells }))}
          onRow={() => ({ 'data-testid': 'redis-value-row' } as React.HTMLAttributes<HTMLElement>)}
          columns={columns.map((name, c) => ({
            title: t(`redis.part.${name}`),
            key: name,
            ellipsis: true,
            render: (_: unknown, r: { i: number; cells: (string | null)[] }) => (r.cells[c] === null ? <span className="askdb-null">NULL</span> : <span data-column={name}>{r.cells[c]}</span>),
          })).concat(editable ? [{
            title: t('redisEdit.actions'), key: '__actions', ellipsis: false,
            render: (_: unknown, r: { i: number; cells: (string | null)[] }) => <MemberRowActions keyName={key} type={info!.type as RedisKeyType} cells={r.cells} run={runCell} onChanged={() => void load()} />,
          }] : [])}
        />
        {next.kind !== 'done' && (
          <Button size="small" icon={<DownOutlined />} style={{ margin: 8 }} onClick={() => void more()} disabled={loading} data-testid="redis-more">{t('redis.loadMore')}</Button>
        )}
      </div>
    </div>
  );
}
