/**
 * The app's file store (file-store.ts), one per store and home: routes and services call
 * `filesOf(deps)` the way they call `permissions(deps)`.
 */
import type { AppDeps } from '../../deps.js';
import { FileStore } from './file-store.js';

export { FileStore, FileTooLarge, CHUNK_BYTES } from './file-store.js';
export type { FileKind, FileRecord } from '../../store/file-objects.js';

const stores = new WeakMap<object, FileStore>();

export function filesOf(deps: Pick<AppDeps, 'store' | 'config'>): FileStore {
  let f = stores.get(deps.store);
  if (!f) {
    f = new FileStore(deps.store.db, deps.config.home);
    stores.set(deps.store, f);
  }
  return f;
}
