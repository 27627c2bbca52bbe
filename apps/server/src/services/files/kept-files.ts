/**
 * What the file store keeps, for tests and checks: the stored files of a kind (any replica's), and
 * the copies and scratch files on this replica's disk. "Nothing kept" means both are empty.
 */
import fs from 'node:fs';
import type { AppDeps } from '../../deps.js';
import type { FileKind } from '../../store/file-objects.js';
import { filesOf } from './index.js';

export async function keptFiles(deps: Pick<AppDeps, 'store' | 'config'>, kind: FileKind): Promise<{ stored: string[]; onDisk: string[] }> {
  const files = filesOf(deps);
  const rows = await (deps.store.db as any).selectFrom('file_objects').select('id').where('kind', '=', kind).execute() as { id: string }[];
  const onDisk = fs.existsSync(files.cache.dir) ? fs.readdirSync(files.cache.dir).filter((n) => !n.startsWith('.')) : [];
  return { stored: rows.map((r) => r.id), onDisk };
}
