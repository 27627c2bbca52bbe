import { describe, expect, it } from 'vitest';
import { billingPeriods, cardPrice, currencySymbol, formatMoney, majorAmount, orderTotal, pickCards } from './price';
import type { Product } from '@askdb/contracts';

const product = (o: Partial<Product>): Product => ({
  id: 1, title: 'Pro', price: 9900, originalPrice: 9900, currency: 'USD', tag: null, description2: null, subscriptionType: 'YEAR',
  paymentMethods: ['sandbox'], type: 'PERSONAL', freeTrial: false, versionType: 'PRO', yearlyPrice: 9900, perSeat: false, ...o,
});

describe('price display', () => {
  it('divides minor units by 100, two decimals only when needed', () => {
    expect(majorAmount(9900)).toBe('99');
    expect(majorAmount(990)).toBe('9.90');
    expect(majorAmount(825)).toBe('8.25');
    expect(majorAmount(0)).toBe('0');
  });
  it('uses $ for USD, ¥ for CNY, € for EUR, the code otherwise', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('cny')).toBe('¥');
    expect(currencySymbol('EUR')).toBe('€');
    expect(formatMoney(1000, 'GBP')).toBe('GBP 10');
  });
  it('shows a yearly price per month (÷ 12) with the full yearly price on the then line', () => {
    const c = cardPrice(product({ price: 9900 }));
    expect(c).toMatchObject({ current: '$8.25', suffix: 'perMonth', then: { amount: '$99', suffix: 'perYear' } });
    expect(cardPrice(product({ price: 10000, currency: 'CNY' })).current).toBe('¥8.33');
  });
  it('a monthly price as is, no then line; forever as one price', () => {
    expect(cardPrice(product({ price: 990, subscriptionType: 'MONTH' }))).toMatchObject({ current: '$9.90', suffix: 'perMonth', then: null });
    expect(cardPrice(product({ price: 29900, currency: 'CNY', subscriptionType: 'FOREVER' }))).toMatchObject({ current: '¥299', suffix: 'forever', then: null });
  });
  it('shows 0 in free-trial mode and what follows the trial', () => {
    expect(cardPrice(product({ price: 9900 }), true)).toMatchObject({ current: '$0', then: { amount: '$99', suffix: 'perYear' }, original: null });
    expect(cardPrice(product({ price: 990, subscriptionType: 'MONTH' }), true)).toMatchObject({ current: '$0', then: { amount: '$9.90', suffix: 'perMonth' } });
  });
  it('crosses out a higher original price', () => {
    expect(cardPrice(product({ price: 9900, originalPrice: 12000 })).original).toBe('$10');
    expect(cardPrice(product({ price: 990, originalPrice: 990, subscriptionType: 'MONTH' })).original).toBeNull();
  });
  it('team prices are per seat', () => {
    expect(orderTotal(product({ price: 1200, perSeat: true }), 5)).toBe(6000);
    expect(orderTotal(product({ price: 1200 }), 5)).toBe(1200);
    expect(cardPrice(product({ perSeat: true, type: 'TEAM' })).perSeat).toBe(true);
  });
  it('offers yearly/monthly, or yearly/forever in the China build', () => {
    expect(billingPeriods(false)).toEqual(['YEAR', 'MONTH']);
    expect(billingPeriods(true)).toEqual(['YEAR', 'FOREVER']);
  });
  it('picks the personal and team card of a period; no team plan, one card', () => {
    const list = [product({ id: 1 }), product({ id: 2, subscriptionType: 'MONTH' }), product({ id: 21, type: 'TEAM' }), product({ id: 31, type: 'LOCAL' })];
    expect(pickCards(list, 'YEAR', false)).toEqual({ personal: list[0], team: list[2] });
    expect(pickCards(list, 'MONTH', false)).toEqual({ personal: list[1], team: null });
    expect(pickCards(list, 'YEAR', true)).toEqual({ personal: list[3], team: null });
  });
});
