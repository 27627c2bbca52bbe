/**
 * One checkout at a time (spec 01 §4): create the order, show its QR code or pay link, poll its
 * status every 3 s, and on PAY_SUCCESS run the success effects. A buy click is ignored while a
 * create-order request is out; a create-order answer that is no longer the newest is dropped.
 */
import { create } from 'zustand';
import type { CreateOrderAnswer, PaymentMethod, Product } from '@askdb/contracts';
import { commerceApi } from './commerce-api';
import { createOrderPoller, latestOnly, type PollEnd } from './order-poll';
import { useCommerce } from './commerce-store';
import { useSession } from '../auth/session';
import { i18n } from '../../i18n';

export interface CheckoutInput {
  seats: number;
  organizationId?: number;
  invitationCode?: string;
  freeTrial?: boolean;
  subStartTime?: string;
}

interface CheckoutState {
  product: Product | null;
  input: CheckoutInput | null;
  method: PaymentMethod | null;
  order: CreateOrderAnswer | null;
  /** A create-order request is out. */
  loading: boolean;
  ended: PollEnd | null;
  error: string | null;
  start(product: Product, input: CheckoutInput, method?: PaymentMethod): Promise<void>;
  switchMethod(method: PaymentMethod): Promise<void>;
  close(): void;
}

/** Stripe when offered (a pay link in a new tab), else the first method (a QR code). */
export function defaultMethod(methods: PaymentMethod[]): PaymentMethod | null {
  if (methods.includes('stripe')) return 'stripe';
  return methods[0] ?? null;
}

const tickets = latestOnly();

const poller = createOrderPoller({
  fetchStatus: (id) => commerceApi.orderStatus(id),
  onEnd: (why) => {
    useCheckout.setState({ ended: why });
    if (why === 'success') {
      useCheckout.setState({ product: null, input: null, order: null, method: null });
      useCommerce.getState().paid();
      void useSession.getState().refreshUser().catch(() => {});
    }
  },
});

export const useCheckout = create<CheckoutState>((set, get) => ({
  product: null,
  input: null,
  method: null,
  order: null,
  loading: false,
  ended: null,
  error: null,
  async start(product, input, method) {
    if (!product?.id || get().loading) return;
    const m = method ?? defaultMethod(product.paymentMethods);
    // No payment provider serves this plan (issue 25 point 7): say so instead of doing nothing.
    if (!m) return set({ error: i18n.t('commerce.noPaymentMethod') });
    const ticket = tickets.next();
    poller.stop();
    set({ product, input, method: m, order: null, loading: true, ended: null, error: null });
    try {
      const order = await commerceApi.createOrder({
        id: product.id, paymentMethod: m, organizationId: input.organizationId, invitationCode: input.invitationCode || undefined,
        seats: input.seats, subStartTime: input.subStartTime, freeTrial: input.freeTrial,
      });
      if (!ticket.isCurrent()) return;
      set({ order, loading: false });
      if (order.status === 'PAY_SUCCESS') {
        // A free trial (or a zero amount) is paid at once.
        set({ product: null, input: null, order: null, method: null });
        useCommerce.getState().paid();
        void useSession.getState().refreshUser().catch(() => {});
        return;
      }
      if (m === 'stripe' && order.url) window.open(order.url, '_blank', 'noopener');
      poller.start(order.orderId);
    } catch (e) {
      // Create-order errors only stop the loading state (spec 01 §8); the message is shown in the payment dialog.
      if (ticket.isCurrent()) set({ loading: false, error: (e as Error).message, product: null, input: null, method: null });
    }
  },
  async switchMethod(method) {
    const { product, input } = get();
    if (!product || !input || method === get().method) return;
    set({ loading: false });
    await get().start(product, input, method);
  },
  close() {
    tickets.cancel();
    poller.stop();
    set({ product: null, input: null, method: null, order: null, loading: false, ended: null });
  },
}));
