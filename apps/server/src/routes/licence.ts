/**
 * Offline licence (API.md "Licence"; spec 02 §2 "Licence and purchase", §4, §8). A local install:
 * status, activate (online through the licence authority, or offline with a device certificate),
 * unbind. The licence authority (server mode, ASKDB_BILLING=1): /api/licence/authority/… and the
 * device certificate. Also the buyer's activation codes, the Plugins page and the guide dialogs
 * a user has seen. The work is in services/licence.
 */
import { AuthorityActivate, AuthorityIssue, AuthorityUnbind, DeviceCertificateRequest, GuideSeen, LICENCE_ERROR_CODES, LicenceActivate, LicenceUnbind, type LicenceStatus } from '@askdb/contracts';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { requireUser } from '../http/context.js';
import { AppError } from '../http/errors.js';
import { licenceServices } from '../services/licence/index.js';
import { licenceMsg } from '../services/licence/messages.js';
import { httpAuthorityClient } from '../services/licence/local.js';
import { localFeatureStatus, pluginList, serverFeatureStatus } from '../services/licence/plugins.js';
import { publicKeyPem } from '../services/licence/signing.js';

const tag = 'licence';
const E = LICENCE_ERROR_CODES;

const licence: RouteModule = (app, deps) => {
  const svc = () => licenceServices(deps);
  const requireLocal = (req: FastifyRequest) => {
    const local = svc().local;
    if (!local) throw new AppError(400, E.LICENSE_AUTHORITY_OFF, licenceMsg(req.ctx.lang, 'SERVER_HAS_NO_LICENCE'));
    return local;
  };
  const requireAuthority = (req: FastifyRequest) => {
    if (!svc().isAuthority) throw new AppError(404, E.LICENSE_AUTHORITY_OFF, licenceMsg(req.ctx.lang, 'AUTHORITY_OFF'));
    return svc().authority;
  };

  // ---- this install
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/licence/status', summary: 'This install\'s licence: state (unused, trial, expired, activated), times, mode, device', tag }, async (): Promise<LicenceStatus> => {
    const local = svc().local;
    if (local) return local.status();
    return {
      scope: 'server', state: 'ACTIVATED', reason: null, trialStartTime: null, trialEndTime: null, expireTime: null, mode: null, product: null, code: null, activatedAt: null,
      device: { id: '', name: '', os: '' }, guides: deps.config.licence.guides, authorityConfigured: false,
    };
  });
  defineRoute(app, { access: 'operator', method: 'POST', url: '/api/licence/activate', summary: 'Activate this install: online (code, through the licence authority) or offline (device certificate)', tag, body: LicenceActivate }, ({ body }, req) =>
    requireLocal(req).activate(body, req.ctx.lang),
  );
  defineRoute(app, { access: 'operator', method: 'POST', url: '/api/licence/unbind', summary: 'Unbind this device (offline activations need their device certificate)', tag, body: LicenceUnbind }, ({ body }, req) =>
    requireLocal(req).unbind(body, req.ctx.lang),
  );
  // The certificate for an offline device, entered on any online machine: the authority signs it; a local install asks its authority.
  defineRoute(app, { access: 'public', method: 'POST', url: '/api/licence/device_certificate', summary: 'A signed certificate for an offline device (code, device name, OS, device ID); generated once, never changed', tag, body: DeviceCertificateRequest }, async ({ body }, req) => {
    if (svc().isAuthority) return svc().authority.deviceCertificate(body, req.ctx.lang);
    requireLocal(req);
    return httpAuthorityClient(deps.config.licence).post('/api/licence/device_certificate', body, req.ctx.lang);
  });

  // ---- the buyer's codes, plugins, guides
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/licence/codes', summary: 'My activation codes: product, price, purchase and expiry times, code, status, mode, devices', tag }, async (_i, req) => {
    if (!svc().isAuthority) return [];
    return svc().authority.codesOf(requireUser(req).id, req.ctx.organizationId);
  });
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/licence/plugins', summary: 'Installed engine drivers and features with their status (valid, expired, needs purchase or activation)', tag }, async (_i, req) => {
    const local = svc().local;
    if (local) {
      const ev = await local.evaluate();
      const offline = ev.sealed?.activation?.mode === 'offline';
      return pluginList((f) => localFeatureStatus(f, ev, offline));
    }
    return pluginList(serverFeatureStatus(deps.config.licence.billing, req.ctx.edition));
  });
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/guide/seen', summary: 'The guide dialogs this user has already seen', tag }, async (_i, req) => {
    const raw = await deps.kv.get(`user:${requireUser(req).id}`, 'guides.seen');
    try {
      return raw ? (JSON.parse(raw) as string[]) : [];
    } catch {
      return [];
    }
  });
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/guide/seen', summary: 'Mark a guide dialog seen for this user', tag, body: GuideSeen }, async ({ body }, req) => {
    const scope = `user:${requireUser(req).id}`;
    const raw = await deps.kv.get(scope, 'guides.seen');
    let seen: string[] = [];
    try {
      seen = raw ? (JSON.parse(raw) as string[]) : [];
    } catch {
      /* rewrite */
    }
    if (!seen.includes(body.name)) seen.push(body.name);
    await deps.kv.set(scope, 'guides.seen', JSON.stringify(seen));
    return seen;
  });

  // ---- the licence authority
  defineRoute(app, { access: 'public', method: 'POST', url: '/api/licence/authority/activate', summary: 'Authority: bind a device to an activation code (at most 2) and answer its signed licence', tag, body: AuthorityActivate }, ({ body }, req) =>
    requireAuthority(req).activate(body, req.ctx.lang),
  );
  defineRoute(app, { access: 'public', method: 'POST', url: '/api/licence/authority/unbind', summary: 'Authority: free a device slot; the device\'s signed licence or certificate proves it', tag, body: AuthorityUnbind }, ({ body }, req) =>
    requireAuthority(req).unbind(body, req.ctx.lang),
  );
  defineRoute(app, { access: 'public', method: 'GET', url: '/api/licence/authority/public_key', summary: 'Authority: the Ed25519 public key that verifies its licences (PEM)', tag }, async (_i, req) => {
    const k = await requireAuthority(req).signingKey();
    return { kid: k.kid, publicKey: publicKeyPem(k.publicKey) };
  });
  defineRoute(app, { access: 'operator', method: 'POST', url: '/api/licence/authority/issue', summary: 'Authority (operator): issue activation codes without an order', tag, body: AuthorityIssue }, async ({ body }, req) => {
    const codes = await requireAuthority(req).issue({ orderId: null, organizationId: body.organizationId ?? null, userId: body.userId ?? null, count: body.count, validUntil: body.validUntil, product: body.product });
    return { codes };
  });
};

export default licence;
