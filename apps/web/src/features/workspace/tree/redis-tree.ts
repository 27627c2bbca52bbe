/**
 * Redis in the explorer (issue 25 item 8): a database lists "All data" and its keys grouped by a
 * prefix separator (REDIS_KEY_GROUP → REDIS_KEY, with type and TTL), never the relational folders.
 * The keys of a database are read once (SCAN on the server, up to KEY_LIMIT) and every group level
 * is cut from that list, so opening a group costs no request.
 */
import type { DatabaseType } from '@askdb/contracts';
import { metaApi } from '../meta-api';
import { keyLevel, separatorOf, type KeyEntry } from '../../redis/key-groups';
import { childKey, type TreeNode } from './types';

/** Keys listed in the tree per database; "All data" pages through any number. */
export const KEY_LIMIT = 5000;

interface KeyList { keys: KeyEntry[]; total: number }
const keyLists = new Map<string, Promise<KeyList>>();

const databaseKey = (node: TreeNode) => childKey(childKey('', 'ds', node.extraParams.dataSourceId!), 'db', node.extraParams.databaseName ?? '0');

function keysOf(node: TreeNode, refresh: boolean): Promise<KeyList> {
  const k = databaseKey(node);
  let list = refresh ? undefined : keyLists.get(k);
  if (!list) {
    const p = node.extraParams;
    list = metaApi
      .tablePage({ dataSourceId: p.dataSourceId!, databaseName: p.databaseName ?? null, schemaName: null }, { pageNo: 1, pageSize: KEY_LIMIT, refresh })
      .then((page) => ({ total: page.total, keys: page.data.map((t) => ({ name: t.name, type: String(t.details?.type ?? t.comment ?? ''), ttl: Number(t.details?.ttl ?? -1) })) }));
    keyLists.set(k, list);
    list.catch(() => keyLists.delete(k));
  }
  return list;
}

export const isRedisTreeNode = (node: TreeNode) => (node.extraParams.databaseType as DatabaseType | undefined) === 'REDIS';

/** Children of a Redis DATABASE (All data, then the top level of keys) or of a REDIS_KEY_GROUP. */
export async function redisChildren(node: TreeNode, refresh: boolean): Promise<TreeNode[]> {
  const atDatabase = node.treeNodeType === 'DATABASE';
  const prefix = atDatabase ? '' : node.extraParams.tableName ?? '';
  const { keys, total } = await keysOf(node, refresh);
  const level = keyLevel(keys, prefix, separatorOf(node.extraParams.dataSourceId!));
  const out: TreeNode[] = [];
  // All data says how many keys the database has, and how many of them the tree lists when it is capped.
  const count = total > keys.length ? `${keys.length} / ${total}` : String(keys.length);
  if (atDatabase) out.push({ key: childKey(node.key, 'all_data'), originalTitle: 'All data', treeNodeType: 'ALL_DATA', isLeaf: true, describe: count, extraParams: { ...node.extraParams } });
  for (const g of level.groups) {
    out.push({
      key: childKey(node.key, 'kg', g.prefix),
      originalTitle: g.label,
      treeNodeType: 'REDIS_KEY_GROUP',
      isLeaf: false,
      describe: String(g.count),
      extraParams: { ...node.extraParams, tableName: g.prefix },
    });
  }
  for (const k of level.keys) {
    out.push({
      key: childKey(node.key, 'key', k.name),
      // Under its group a key shows the rest of its name (the group says the prefix); the full name is tableName.
      originalTitle: k.name.slice(prefix.length) || k.name,
      treeNodeType: 'REDIS_KEY',
      isLeaf: true,
      describe: k.ttl >= 0 ? `TTL ${k.ttl} s` : undefined,
      extraParams: { ...node.extraParams, tableName: k.name },
      decorativeParams: { redisType: k.type },
    });
  }
  return out;
}

/** Forgets a database's key list (after a key was renamed, deleted or given a TTL). */
export function forgetKeys(node: TreeNode): void {
  keyLists.delete(databaseKey(node));
}

/** The tree key of the database node a Redis node hangs under. */
export function redisDatabaseNodeKey(node: TreeNode): string {
  return databaseKey(node);
}
