/** Spec 01 §2/§4: a buy click without a plan id or while a create-order request is out is ignored; a stale answer is dropped. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateOrderAnswer, Product } from '@askdb/contracts';
import { commerceApi } from './commerce-api';
import { useCheckout } from './checkout';

const product = (o: Partial<Product> = {}): Product => ({
  id: 2, title: 'Pro', price: 9900, originalPrice: 9900, currency: 'USD', tag: null, description2: null, subscriptionType: 'YEAR',
  paymentMethods: ['sandbox'], type: 'PERSONAL', freeTrial: false, versionType: 'PRO', yearlyPrice: 9900, perSeat: false, ...o,
});
const answer = { orderId: 41, status: 'CREATE', url: null } as unknown as CreateOrderAnswer;

describe('checkout guards', () => {
  afterEach(() => {
    useCheckout.getState().close();
    vi.restoreAllMocks();
  });

  it('ignores a buy without a plan id', async () => {
    const create = vi.spyOn(commerceApi, 'createOrder').mockResolvedValue(answer);
    await useCheckout.getState().start(product({ id: 0 }), { seats: 1 });
    expect(create).not.toHaveBeenCalled();
    expect(useCheckout.getState().loading).toBe(false);
  });

  it('ignores a second buy while the first create-order request is out', async () => {
    let release: (a: CreateOrderAnswer) => void = () => {};
    const create = vi.spyOn(commerceApi, 'createOrder').mockImplementation(() => new Promise((r) => (release = r)));
    const first = useCheckout.getState().start(product(), { seats: 1 });
    expect(useCheckout.getState().loading).toBe(true);
    await useCheckout.getState().start(product({ id: 3 }), { seats: 1 });
    expect(create).toHaveBeenCalledTimes(1);
    release(answer);
    await first;
    expect(useCheckout.getState().order?.orderId).toBe(41);
  });

  it('drops a create-order answer that arrives after the dialog closed', async () => {
    let release: (a: CreateOrderAnswer) => void = () => {};
    vi.spyOn(commerceApi, 'createOrder').mockImplementation(() => new Promise((r) => (release = r)));
    const first = useCheckout.getState().start(product(), { seats: 1 });
    useCheckout.getState().close();
    release(answer);
    await first;
    expect(useCheckout.getState().order).toBeNull();
  });
});
