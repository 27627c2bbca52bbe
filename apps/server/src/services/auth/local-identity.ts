/** Local mode: every request is the implicit local user in its personal organisation, as SUPER_ADMIN. */
import type { ContextResolver, RequestContext, RequestOrganization } from '../../http/context.js';
import { LOCAL_USER } from '../../http/context.js';

export function localIdentity(organization: RequestOrganization): ContextResolver {
  const ctx: Omit<RequestContext, 'lang'> = {
    user: LOCAL_USER,
    organization,
    organizationId: organization.id,
    role: 'SUPER_ADMIN',
    edition: 'LOCAL',
    auth: { kind: 'local' },
  };
  return { resolve: async () => ctx };
}
