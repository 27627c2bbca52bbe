/** Spec 01 §2 titles per mode and §4 success effects: modal closes, subscribed, Subscribed guide, 300 ms confetti flag. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCommerce } from './commerce-store';
import { pricingTitleKey } from './titles';

describe('pricing modal title per mode', () => {
  it('upgrade for PersonalUpdate and TeamUpdate, add seats, offline, start-free after a usage limit', () => {
    expect(pricingTitleKey(null)).toBeNull();
    expect(pricingTitleKey({ mode: 'PersonalUpdate' })).toBe('commerce.title.upgrade');
    expect(pricingTitleKey({ mode: 'TeamUpdate' })).toBe('commerce.title.upgrade');
    expect(pricingTitleKey({ mode: 'TeamAddSeat' })).toBe('commerce.title.addSeats');
    expect(pricingTitleKey({ mode: 'Offline' })).toBe('commerce.title.offline');
    expect(pricingTitleKey({ mode: 'PersonalUpdate', usageLimit: true })).toBe('commerce.title.startFree');
  });
});

describe('payment success effects', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes the pricing and seat dialogs, marks subscribed, opens Subscribed, confetti for 300 ms', async () => {
    useCommerce.setState({ billing: true, loadEdition: async () => {} });
    useCommerce.getState().openPricing({ mode: 'TeamUpdate' });
    expect(useCommerce.getState().pricing).not.toBeNull();
    useCommerce.getState().paid();
    const s = useCommerce.getState();
    expect(s.pricing).toBeNull();
    expect(s.seat).toBeNull();
    expect(s.subscribed).toBe(true);
    expect(s.guide).toBe('Subscribed');
    expect(s.paySuccess).toBe(true);
    await vi.advanceTimersByTimeAsync(299);
    expect(useCommerce.getState().paySuccess).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(useCommerce.getState().paySuccess).toBe(false);
    expect(useCommerce.getState().guide).toBe('Subscribed');
  });
});
