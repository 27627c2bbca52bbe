/**
 * The sandbox provider's pay page (development only: ASKDB_BILLING_SANDBOX=1; off unless set).
 * Its Pay button asks the sandbox to pay; the sandbox signs a notification
 * with its server-held key and delivers it through the same webhook path as a real provider.
 */
import { COMMERCE_ERROR_CODES } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import type { RequestContext } from '../../http/context.js';
import { commerceMsg } from './messages.js';
import { visibleOrder } from './orders.js';
import { handleWebhook } from './payments.js';
import { SandboxProvider } from './providers/index.js';
import type { CommerceService } from './service.js';

/**
 * The page's script, served from our own origin (GET SANDBOX_SCRIPT_PATH): the Content-Security-Policy
 * allows no inline script (http/security-headers.ts). The "paid" text comes from the button's data-paid.
 */
export const SANDBOX_SCRIPT_PATH = '/api/pay/sandbox/pay.js';
export const SANDBOX_SCRIPT = `const b = document.getElementById('sandbox-pay');
if (b) b.addEventListener('click', async () => {
  b.disabled = true;
  const r = await fetch(location.pathname + '/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const j = await r.json();
  document.getElementById('sandbox-status').textContent = j.success ? b.dataset.paid : (j.errorMessage || 'error');
  if (j.success) b.remove(); else b.disabled = false;
});
`;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function sandboxOrder(svc: CommerceService, ctx: RequestContext, orderId: number) {
  svc.requireBilling(ctx.lang);
  const provider = svc.providers.get('sandbox');
  if (!(provider instanceof SandboxProvider)) throw new AppError(404, COMMERCE_ERROR_CODES.BILLING_OFF, commerceMsg(ctx.lang, 'PROVIDER_NOT_CONFIGURED', { provider: 'sandbox' }));
  const o = await visibleOrder(svc, ctx, orderId);
  if (o.payment_method !== 'sandbox') throw new AppError(404, COMMERCE_ERROR_CODES.ORDER_NOT_FOUND, commerceMsg(ctx.lang, 'ORDER_NOT_FOUND', { id: orderId }));
  return { provider, o };
}

export async function sandboxPage(svc: CommerceService, ctx: RequestContext, orderId: number): Promise<string> {
  const { o } = await sandboxOrder(svc, ctx, orderId);
  const m = (k: Parameters<typeof commerceMsg>[1]) => esc(commerceMsg(ctx.lang, k));
  const price = `${(o.pay_amount / 100).toFixed(2)} ${esc(o.currency)}`;
  const state = o.status === 'PAY_SUCCESS' ? m('SANDBOX_PAID') : o.status === 'CANCEL' ? m('SANDBOX_CANCELLED') : '';
  return `<!doctype html><html lang="${esc(ctx.lang)}"><head><meta charset="utf-8"><title>${m('SANDBOX_TITLE')}</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:60px auto;padding:0 16px}button{font-size:16px;padding:8px 24px}</style></head>
<body><h1>${m('SANDBOX_TITLE')}</h1>
<p id="sandbox-order">#${o.id} · ${esc(o.product_title)} × ${o.seats}</p><p id="sandbox-amount"><strong>${price}</strong></p>
<p id="sandbox-status">${state}</p>
${o.status === 'CREATE' ? `<button id="sandbox-pay" type="button" data-paid="${m('SANDBOX_PAID')}">${m('SANDBOX_PAY')}</button>` : ''}
<script src="${SANDBOX_SCRIPT_PATH}"></script></body></html>`;
}

export async function sandboxConfirm(svc: CommerceService, ctx: RequestContext, orderId: number): Promise<{ outcome: string; status: string }> {
  const { provider, o } = await sandboxOrder(svc, ctx, orderId);
  const n = await provider.notification(o);
  const r = await handleWebhook(svc, 'sandbox', n.raw, n.headers, ctx.lang);
  return { outcome: r.outcome, status: (await svc.repo.order(o.id))!.status };
}
