/**
 * What a paid or cancelled order does beyond the order row: a notification to its buyer (never fails
 * the caller). Keys as the web's notification centre renders them (`notice.msg.order.*`).
 */
import type { OrderRecord } from '../../store/commerce.js';
import { notify } from '../notifications/notify.js';
import type { CommerceService } from './service.js';

export async function notifyOrder(svc: CommerceService, o: OrderRecord, messageKey: 'order.paid' | 'order.cancelled' | 'order.credited'): Promise<void> {
  try {
    await notify(svc.deps, {
      organizationId: o.organization_id, userIds: [o.user_id], type: 'ORDER', messageKey,
      params: { orderNo: o.id, orderId: o.id, product: o.product_title, seats: o.seats, amount: o.pay_amount, currency: o.currency },
      action: { kind: 'ORDER', targetId: o.id },
    });
  } catch (e) {
    process.emitWarning(`AskDB commerce: the notification for order ${o.id} failed (${(e as Error).message})`);
  }
}
