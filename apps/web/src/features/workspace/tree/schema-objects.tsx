/**
 * Issue 26: the tree's folders of a schema's other objects — types, domains, sequences, partitions,
 * policies, rules, aggregates, extensions, event triggers (PostgreSQL family), events (MySQL family),
 * types and sequences (DuckDB) — each object opening its CREATE text. One request per location fills every
 * folder (GET /api/rdb/schema_object/list); folder titles share the schema-sync dialog's kind names.
 */
import type { DatabaseType } from '@askdb/contracts';
import { BlockOutlined, ClockCircleOutlined, FieldNumberOutlined, PartitionOutlined, SafetyOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { api } from '../../../lib/api';
import { openTab } from '../open-tabs';
import { childKey, type TreeNode } from './types';

export interface SchemaObjectEntry { kind: string; name: string; identity: string; table: string | null; ddl: string }

const PG = ['POSTGRESQL', 'KINGBASE', 'OPENGAUSS', 'GAUSSDB', 'COCKROACHDB', 'REDSHIFT'];
const MYSQL = ['MYSQL', 'MARIADB'];

/** Folder kinds per engine; a folder may hold several kinds (types and domains). Routines, triggers, views have folders already. */
export function objectKindsOf(type: DatabaseType | undefined): string[][] {
  if (type && PG.includes(type)) return [['type', 'domain'], ['sequence'], ['partition'], ['policy'], ['rule'], ['aggregate'], ['extension'], ['eventTrigger']];
  if (type && MYSQL.includes(type)) return [['event']];
  if (type === 'DUCKDB') return [['type'], ['sequence']];
  return [];
}

export function schemaObjectFolders(parent: TreeNode): TreeNode[] {
  return objectKindsOf(parent.extraParams.databaseType).map((kinds) => ({
    key: childKey(parent.key, 'objects', kinds[0]),
    originalTitle: kinds[0]!,
    treeNodeType: 'SCHEMA_OBJECTS' as const,
    isLeaf: false,
    extraParams: { ...parent.extraParams, objectKind: kinds.join(',') },
  }));
}

const cache = new Map<string, { at: number; list: Promise<SchemaObjectEntry[]> }>();

function entries(node: TreeNode, refresh: boolean): Promise<SchemaObjectEntry[]> {
  const p = node.extraParams;
  const key = [p.dataSourceId, p.databaseName ?? '', p.schemaName ?? ''].join('\u0000');
  const hit = cache.get(key);
  if (hit && !refresh && Date.now() - hit.at < 5000) return hit.list;
  const list = api<SchemaObjectEntry[]>('/api/rdb/schema_object/list', { query: { dataSourceId: p.dataSourceId, databaseName: p.databaseName ?? undefined, schemaName: p.schemaName ?? undefined } });
  cache.set(key, { at: Date.now(), list });
  list.catch(() => cache.delete(key));
  return list;
}

export async function loadSchemaObjects(node: TreeNode, refresh: boolean): Promise<TreeNode[]> {
  const kinds = (node.extraParams.objectKind ?? '').split(',');
  const list = (await entries(node, refresh)).filter((e) => kinds.includes(e.kind));
  return list.map((e) => ({
    key: childKey(node.key, 'o', e.identity),
    originalTitle: e.name,
    treeNodeType: 'SCHEMA_OBJECT' as const,
    isLeaf: true,
    describe: [kinds.length > 1 ? e.kind : '', e.table ? `ON ${e.table}` : ''].filter(Boolean).join(' ') || undefined,
    extraParams: { ...node.extraParams, objectKind: e.kind, tableName: e.identity },
  }));
}

/** Opens the object's CREATE text in the SQL editor, as a trigger's or view's definition opens. */
export async function openSchemaObject(node: TreeNode): Promise<void> {
  const identity = node.extraParams.tableName ?? '';
  const entry = (await entries(node, false)).find((e) => e.identity === identity) ?? (await entries(node, true)).find((e) => e.identity === identity);
  const p = node.extraParams;
  const target = { dataSourceId: p.dataSourceId!, dataSourceName: p.dataSourceName ?? null, databaseType: p.databaseType as DatabaseType, databaseName: p.databaseName ?? null, schemaName: p.schemaName ?? null };
  openTab.definition('VIEW_VIEW', { ...target, tableName: `${node.extraParams.objectKind ?? ''} ${node.originalTitle}`.trim() }, entry?.ddl.trim() ?? '');
}

export function schemaObjectIcon(node: TreeNode): ReactNode {
  switch (node.extraParams.objectKind) {
    case 'sequence': return <FieldNumberOutlined style={{ color: '#52a8ff' }} />;
    case 'partition': return <PartitionOutlined style={{ color: '#3fb27f' }} />;
    case 'policy': case 'rule': return <SafetyOutlined style={{ color: '#e0a030' }} />;
    case 'event': case 'eventTrigger': return <ClockCircleOutlined style={{ color: '#f08c2e' }} />;
    default: return <BlockOutlined style={{ color: '#9f7aea' }} />;
  }
}
