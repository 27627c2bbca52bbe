/**
 * Lazy children of each tree node type (spec 01 §3, §4 "Tree children load lazily and can be
 * refreshed"). Databases and schemas levels appear only where the engine has them.
 */
import { supportsDatabase, supportsSchema, type DatabaseType, type DataSourceSummary, type SavedConsole, type TreeNodeType } from '@askdb/contracts';
import { metaApi, type GroupItem, type Location, type TableItem } from '../meta-api';
import { childKey, type ExtraParams, type TreeNode } from './types';
import { loadSchemaObjects, schemaObjectFolders } from './schema-objects';
import { redisChildren } from './redis-tree';

function loc(p: ExtraParams): Location {
  return { dataSourceId: p.dataSourceId!, databaseName: p.databaseName ?? null, schemaName: p.schemaName ?? null };
}

export function dataSourceNode(ds: DataSourceSummary): TreeNode {
  const where = ds.filePath ? ds.filePath.split(/[\\/]/).pop() : ds.host ? `${ds.host}${ds.port ? ':' + ds.port : ''}` : undefined;
  return {
    key: childKey('', 'ds', ds.id),
    originalTitle: ds.alias,
    treeNodeType: 'DATA_SOURCE',
    isLeaf: !ds.hasPermission,
    describe: where,
    id: ds.id,
    extraParams: { dataSourceId: ds.id, dataSourceName: ds.alias, databaseType: ds.type, hasPermission: ds.hasPermission, groupId: ds.groupId ?? null },
  };
}

/** Root level: nested groups (children loaded with the root) and ungrouped data sources. */
export function buildRoot(groups: GroupItem[], dataSources: DataSourceSummary[]): Record<string, TreeNode[]> {
  const out: Record<string, TreeNode[]> = {};
  const known = new Set(groups.map((g) => g.id));
  const parentKey = (groupId: number | null | undefined) => (groupId != null && known.has(groupId) ? childKey('', 'g', groupId) : '');
  const push = (k: string, n: TreeNode) => (out[k] ??= []).push(n);
  out[''] = [];
  for (const g of groups) out[childKey('', 'g', g.id)] = [];
  for (const g of groups) {
    push(parentKey(g.parentId), {
      key: childKey('', 'g', g.id),
      originalTitle: g.name,
      treeNodeType: 'GROUP',
      isLeaf: false,
      id: g.id,
      extraParams: { groupId: g.parentId },
    });
  }
  for (const ds of dataSources) push(parentKey(ds.groupId), dataSourceNode(ds));
  // Groups first, then data sources, each by name.
  for (const list of Object.values(out)) {
    list.sort((a, b) => (a.treeNodeType === b.treeNodeType ? a.originalTitle.localeCompare(b.originalTitle) : a.treeNodeType === 'GROUP' ? -1 : 1));
  }
  return out;
}

function folder(parent: TreeNode, type: TreeNodeType, title: string, extra: Partial<ExtraParams> = {}): TreeNode {
  return { key: childKey(parent.key, type.toLowerCase()), originalTitle: title, treeNodeType: type, isLeaf: false, extraParams: { ...parent.extraParams, ...extra } };
}

/** Folders of a database/schema location: tables, views, functions, procedures, triggers. */
function locationFolders(parent: TreeNode): TreeNode[] {
  const type = parent.extraParams.databaseType;
  if (type === 'MONGODB' || type === 'ELASTICSEARCH') return [folder(parent, 'TABLES', 'Tables')];
  return [
    folder(parent, 'TABLES', 'Tables'),
    folder(parent, 'VIEWS', 'Views'),
    folder(parent, 'FUNCTIONS', 'Functions'),
    folder(parent, 'PROCEDURES', 'Procedures'),
    folder(parent, 'TRIGGERS', 'Triggers'),
    ...schemaObjectFolders(parent),
  ];
}

function named(parent: TreeNode, kind: string, type: TreeNodeType, name: string, isLeaf: boolean, extra: Partial<ExtraParams> = {}, more: Partial<TreeNode> = {}): TreeNode {
  return { key: childKey(parent.key, kind, name), originalTitle: name, treeNodeType: type, isLeaf, extraParams: { ...parent.extraParams, ...extra }, ...more };
}

/** A table under its TABLES folder (also what the catalog search shows for a folder not loaded yet). */
export function tableNodeOf(folderNode: TreeNode, t: TableItem): TreeNode {
  return named(folderNode, 't', 'TABLE', t.name, t.hasPermission === false, { tableName: t.name, hasPermission: t.hasPermission ?? folderNode.extraParams.hasPermission }, { decorativeParams: { pinned: t.pinned, comment: t.comment } });
}

let consoleCache: { at: number; list: Promise<SavedConsole[]> } | null = null;
/** Saved consoles, fetched once for all data sources (one list call, filtered per data source). */
export function savedConsoles(refresh = false): Promise<SavedConsole[]> {
  if (!consoleCache || refresh || Date.now() - consoleCache.at > 5000) {
    consoleCache = { at: Date.now(), list: metaApi.consoles().then((p) => p.data) };
    consoleCache.list.catch(() => (consoleCache = null));
  }
  return consoleCache.list;
}

export async function loadChildren(node: TreeNode, refresh = false): Promise<TreeNode[]> {
  const p = node.extraParams;
  const type = p.databaseType as DatabaseType;
  switch (node.treeNodeType) {
    case 'DATA_SOURCE': {
      if (p.hasPermission === false) return [];
      let items: TreeNode[];
      if (supportsDatabase(type)) {
        const dbs = await metaApi.databases(loc(p), refresh);
        items = dbs.map((d) => named(node, 'db', 'DATABASE', d.name, false, { databaseName: d.name }));
      } else if (supportsSchema(type)) {
        const schemas = await metaApi.schemas(loc(p), refresh);
        items = schemas.map((s) => named(node, 'sc', 'SCHEMA', s.name, false, { schemaName: s.name }));
      } else items = locationFolders(node);
      return [...items, folder(node, 'CONSOLES', 'Consoles')];
    }
    case 'DATABASE': {
      if (type === 'REDIS') return redisChildren(node, refresh);
      if (!supportsSchema(type)) return locationFolders(node);
      const schemas = await metaApi.schemas(loc(p), refresh);
      return schemas.map((s) => named(node, 'sc', 'SCHEMA', s.name, false, { schemaName: s.name }));
    }
    case 'SCHEMA':
      return locationFolders(node);
    case 'TABLES': {
      const page = await metaApi.tables(loc(p), { refresh });
      // A member whose grants cover some tables only gets the others marked hasPermission: false: tagged, not browsable.
      return sortPinnedFirst(page.data.map((t) => tableNodeOf(node, t)));
    }
    case 'TABLE':
      return [folder(node, 'COLUMNS', 'Columns'), folder(node, 'KEYS', 'Keys'), folder(node, 'INDEXES', 'Indexes')];
    case 'COLUMNS': {
      const cols = await metaApi.columns({ ...loc(p), tableName: p.tableName! }, refresh);
      return cols.map((c) => named(node, 'c', 'COLUMN', c.name, true, {}, { describe: c.columnType, decorativeParams: { comment: c.comment, primaryKey: c.primaryKey } }));
    }
    case 'KEYS': {
      const keys = await metaApi.keys({ ...loc(p), tableName: p.tableName! }, refresh);
      return keys.map((k) =>
        named(node, 'k', 'KEY', k.name || k.type, true, {}, { describe: `${k.type} (${k.columns.join(', ')})${k.referencedTable ? ` → ${k.referencedTable}(${(k.referencedColumns ?? []).join(', ')})` : ''}`, decorativeParams: { primaryKey: k.type === 'PRIMARY' } }),
      );
    }
    case 'INDEXES': {
      const idx = await metaApi.indexes({ ...loc(p), tableName: p.tableName! }, refresh);
      return idx.map((i) => named(node, 'i', 'INDEX', i.name, true, {}, { describe: `${i.unique ? 'UNIQUE ' : ''}(${i.columns.map((c) => c.expression ?? c.name).join(', ')})` }));
    }
    case 'VIEWS': {
      const views = await metaApi.views(loc(p), refresh);
      return views.map((v) => named(node, 'v', 'VIEW', v.name, v.hasPermission === false, { tableName: v.name, hasPermission: v.hasPermission ?? p.hasPermission }, { decorativeParams: { comment: v.comment } }));
    }
    case 'VIEW':
      return [folder(node, 'VIEW_COLUMNS', 'Columns')];
    case 'VIEW_COLUMNS': {
      const cols = await metaApi.viewColumns({ ...loc(p), tableName: p.tableName! }, refresh);
      return cols.map((c) => named(node, 'c', 'VIEW_COLUMN', c.name, true, {}, { describe: c.columnType, decorativeParams: { comment: c.comment } }));
    }
    case 'FUNCTIONS': {
      const fns = await metaApi.functions(loc(p), refresh);
      // Overloads share a name: the specific name keeps their keys apart and picks the definition.
      const perName = new Map<string, number>();
      for (const f of fns) perName.set(f.functionName ?? f.name, (perName.get(f.functionName ?? f.name) ?? 0) + 1);
      return fns.map((f) => {
        const name = f.functionName ?? f.name;
        const overloaded = perName.get(name)! > 1;
        return named(node, 'f', 'FUNCTION', name, true, { specificName: f.specificName ?? null }, {
          key: childKey(node.key, 'f', f.specificName ?? name),
          describe: (overloaded ? `(${(f.parameters ?? []).map((a) => a.parameterType).join(', ')}) ` : '') + (f.returnType ?? '') || undefined,
          decorativeParams: { comment: f.comment },
        });
      });
    }
    case 'PROCEDURES': {
      const ps = await metaApi.procedures(loc(p), refresh);
      return ps.map((f) => named(node, 'p', 'PROCEDURE', f.procedureName ?? f.name, true, {}, { decorativeParams: { comment: f.comment } }));
    }
    case 'TRIGGERS': {
      const ts = await metaApi.triggers(loc(p), refresh);
      return ts.map((t) => named(node, 'tr', 'TRIGGER', t.name, true, {}, { describe: [t.timing, t.event, t.tableName ? `ON ${t.tableName}` : ''].filter(Boolean).join(' ') || undefined }));
    }
    case 'REDIS_KEY_GROUP':
      return redisChildren(node, refresh);
    case 'SCHEMA_OBJECTS':
      return loadSchemaObjects(node, refresh);
    case 'CONSOLES': {
      const list = await savedConsoles(refresh);
      return list
        .filter((c) => c.dataSourceId === p.dataSourceId)
        .map((c) => ({
          key: childKey(node.key, 'con', c.id),
          originalTitle: c.name,
          treeNodeType: 'SAVED_CONSOLE' as const,
          isLeaf: true,
          id: c.id,
          describe: [c.databaseName, c.schemaName].filter(Boolean).join('.') || undefined,
          extraParams: { ...p, databaseName: c.databaseName, schemaName: c.schemaName },
        }));
    }
    default:
      return [];
  }
}

/** Key of the node of a database/schema location (where its TABLES folder hangs), as the loaders build it. */
export function locationKey(type: DatabaseType, l: Location): string {
  let k = childKey('', 'ds', l.dataSourceId);
  if (supportsDatabase(type)) k = childKey(k, 'db', l.databaseName ?? '');
  if (supportsSchema(type)) k = childKey(k, 'sc', l.schemaName ?? '');
  return k;
}

export function sortPinnedFirst(rows: TreeNode[]): TreeNode[] {
  const pinned = rows.filter((r) => r.decorativeParams?.pinned);
  return pinned.length ? [...pinned, ...rows.filter((r) => !r.decorativeParams?.pinned)] : rows;
}
