/**
 * Data permissions (issue 13 points 1–2). Routes call `permissions(deps)`: one PermissionService per
 * app (built on first use from the app's store, kv and catalog cache), so the composition root needs
 * no change to carry it.
 */
import type { PermissionDeps } from './permission-service.js';
import { PermissionService } from './permission-service.js';

const services = new WeakMap<PermissionDeps['store'], PermissionService>();

export function permissions(deps: PermissionDeps): PermissionService {
  let s = services.get(deps.store);
  if (!s) {
    s = new PermissionService(deps);
    services.set(deps.store, s);
  }
  return s;
}

export { PermissionService, type BrowseNeed } from './permission-service.js';
export { permMsg } from './messages.js';
