/**
 * The chat context picker (spec 01 §2): data source > database > schema — only the levels the
 * engine has — or an AI data collection. Levels load lazily; on first use the first data source
 * with permission and its first database / schema are chosen.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Cascader } from 'antd';
import { DatabaseOutlined, AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { supportsDatabase, supportsSchema, type DatabaseType } from '@askdb/contracts';
import { listDataSources, listDatabases, listSchemas, preferredName, type DataSourceItem } from './meta.js';
import { collectionsApi } from '../ai-collections/api.js';
import { useChat, type ChatContext } from './chat-store.js';
import { useTree } from '../workspace/tree/tree-store.js';

interface Opt {
  value: string;
  label: ReactNode;
  isLeaf?: boolean;
  disabled?: boolean;
  children?: Opt[];
  loading?: boolean;
  ds?: DataSourceItem;
  database?: string;
}

const COLLECTIONS = 'collections';

export function contextLabel(c: ChatContext): string {
  if (c.collectionId != null) return c.collectionTitle ?? `#${c.collectionId}`;
  return [c.dataSourceName, c.databaseName, c.schemaName].filter(Boolean).join(' / ');
}

function valueOf(c: ChatContext): string[] {
  if (c.collectionId != null) return [COLLECTIONS, `col:${c.collectionId}`];
  if (c.dataSourceId == null) return [];
  const v = [`ds:${c.dataSourceId}`];
  if (c.databaseName) v.push(`db:${c.databaseName}`);
  if (c.schemaName) v.push(`sc:${c.schemaName}`);
  return v;
}

/**
 * A data source alone is not a complete selection: the database and / or schema it names, or the
 * usual default, are chosen (spec 01 §5: the first when mandatory).
 */
async function completeSelection(c: ChatContext, ds?: DataSourceItem): Promise<ChatContext> {
  const type = c.databaseType;
  if (!type || c.dataSourceId == null) return c;
  const needDb = supportsDatabase(type) && !c.databaseName;
  const needSchema = supportsSchema(type) && !c.schemaName;
  if (!needDb && !needSchema) return c;
  const full = { ...c };
  if (needDb) full.databaseName = preferredName(await listDatabases(c.dataSourceId), ds?.databaseName);
  if (needSchema) full.schemaName = preferredName(await listSchemas(c.dataSourceId, full.databaseName), ds?.schemaName);
  return full;
}

const contextOf = (ds: DataSourceItem): ChatContext => ({ dataSourceId: ds.id, dataSourceName: ds.alias, databaseType: ds.type });

/** How old the explorer's data-source list may be for the picker's first load to take it (the start-up prefetch's window). */
const EXPLORER_LIST_MS = 10_000;

/**
 * The explorer's data sources when it loaded them moments ago (same endpoint and page): at start-up the picker
 * mounts right after the tree, and asking the server again for the same list was a second request (issue 28 point 4).
 */
function recentExplorerList(): DataSourceItem[] | undefined {
  const s = useTree.getState();
  return s.rootLoaded && !s.rootError && Date.now() - s.rootLoadedAt < EXPLORER_LIST_MS ? s.dataSources : undefined;
}

export function ContextCascader({ width }: { width?: number | string }) {
  const { t } = useTranslation();
  const context = useChat((s) => s.context);
  const setContext = useChat((s) => s.setContext);
  const [options, setOptions] = useState<Opt[]>([]);
  const collectionTitles = useRef(new Map<number, string>());
  const sourcesById = useRef(new Map<number, DataSourceItem>());

  const buildRoot = useCallback(
    (list: DataSourceItem[], collections: { id: number; title: string }[]): Opt[] => [
      ...list.map((ds) => ({
        value: `ds:${ds.id}`,
        label: <span data-testid={`chat-ctx-ds-${ds.id}`}>{ds.alias}{ds.hasPermission === false ? ` (${t('chat.context.noPermission')})` : ''}</span>,
        isLeaf: !supportsDatabase(ds.type) && !supportsSchema(ds.type),
        disabled: ds.hasPermission === false,
        ds,
      })),
      {
        value: COLLECTIONS,
        label: <span data-testid="chat-ctx-collections"><AppstoreOutlined /> {t('chat.context.collections')}</span>,
        isLeaf: false,
        disabled: collections.length === 0,
        children: collections.map((c) => ({ value: `col:${c.id}`, label: <span data-testid={`chat-ctx-col-${c.id}`}>{c.title}</span>, isLeaf: true })),
      },
    ],
    [t],
  );

  const firstLoad = useRef(true);
  const reload = useCallback(async () => {
    const shared = firstLoad.current ? recentExplorerList() : undefined;
    firstLoad.current = false;
    const [list, collections] = await Promise.all([shared ?? listDataSources().catch(() => []), collectionsApi.list().catch(() => [])]);
    collectionTitles.current = new Map(collections.map((x) => [x.id, x.title]));
    sourcesById.current = new Map(list.map((d) => [d.id, d]));
    setOptions(buildRoot(list, collections));
    const c = useChat.getState().context;
    const stale =
      // A source gone, or one this user may not read (e.g. a context remembered from another account or team).
      (c.dataSourceId != null && !list.some((d) => d.id === c.dataSourceId && d.hasPermission !== false)) ||
      (c.collectionId != null && !collections.some((x) => x.id === c.collectionId));
    if ((c.dataSourceId == null && c.collectionId == null) || stale) {
      const first = list.find((d) => d.hasPermission !== false);
      useChat.getState().setContext(first ? await completeSelection(contextOf(first), first) : {});
    } else if (c.collectionId != null) {
      const title = collections.find((x) => x.id === c.collectionId)?.title;
      if (title && title !== c.collectionTitle) useChat.getState().setContext({ ...c, collectionTitle: title });
    }
  }, [buildRoot]);

  useEffect(() => {
    void reload();
    const on = () => void reload();
    window.addEventListener('askdb:ai-collections-changed', on);
    window.addEventListener('askdb:datasources-changed', on);
    return () => {
      window.removeEventListener('askdb:ai-collections-changed', on);
      window.removeEventListener('askdb:datasources-changed', on);
    };
  }, [reload]);

  const loadData = async (path: Opt[]) => {
    const target = path[path.length - 1]!;
    const ds = path[0]!.ds;
    if (!ds || target.children) return;
    target.loading = true;
    setOptions((o) => [...o]);
    const type: DatabaseType = ds.type;
    if (path.length === 1 && supportsDatabase(type)) {
      const dbs = await listDatabases(ds.id);
      target.children = dbs.map((name) => ({ value: `db:${name}`, label: <span data-testid={`chat-ctx-db-${name}`}>{name}</span>, isLeaf: !supportsSchema(type), database: name }));
    } else if (supportsSchema(type)) {
      const schemas = await listSchemas(ds.id, target.database ?? null);
      target.children = schemas.map((name) => ({ value: `sc:${name}`, label: <span data-testid={`chat-ctx-sc-${name}`}>{name}</span>, isLeaf: true }));
    } else target.isLeaf = true;
    if (target.children?.length === 0) {
      target.children = undefined;
      target.isLeaf = true;
    }
    target.loading = false;
    setOptions((o) => [...o]);
  };

  const onChange = (value: (string | number)[] | undefined, selected: Opt[] | undefined) => {
    if (!value || !selected || value.length === 0) return;
    if (value[0] === COLLECTIONS) {
      const col = selected[1];
      if (!col) return;
      const id = Number(String(col.value).slice(4));
      setContext({ collectionId: id, collectionTitle: collectionTitles.current.get(id) });
      return;
    }
    const ds = selected[0]!.ds!;
    const next: ChatContext = { dataSourceId: ds.id, dataSourceName: ds.alias, databaseType: ds.type };
    for (const o of selected.slice(1)) {
      const v = String(o.value);
      if (v.startsWith('db:')) next.databaseName = v.slice(3);
      if (v.startsWith('sc:')) next.schemaName = v.slice(3);
    }
    setContext(next);
  };

  // Completed when the popup closes: doing it while the user walks the levels would move the popup under them.
  const onOpenChange = (open: boolean) => {
    if (open) return;
    const c = useChat.getState().context;
    if (c.dataSourceId == null) return;
    void completeSelection(c, sourcesById.current.get(c.dataSourceId)).then((full) => {
      if (full !== c && useChat.getState().context === c) setContext(full);
    });
  };

  const label = contextLabel(context);
  return (
    <Cascader<Opt>
      data-testid="chat-context"
      size="small"
      variant="borderless"
      style={{ width: width ?? '100%', maxWidth: '100%' }}
      options={options}
      loadData={loadData}
      changeOnSelect
      allowClear={false}
      value={valueOf(context)}
      onChange={onChange as never}
      onOpenChange={onOpenChange}
      placeholder={t('chat.context.placeholder')}
      displayRender={() => (
        <span data-testid="chat-context-label" title={label}>
          {context.collectionId != null ? <AppstoreOutlined /> : <DatabaseOutlined />} {label || t('chat.context.placeholder')}
        </span>
      )}
      popupClassName="askdb-chat-context-popup"
    />
  );
}
