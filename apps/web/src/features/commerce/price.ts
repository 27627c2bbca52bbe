/**
 * Price display (spec 01 §2 plan cards, §9): minor units ÷ 100; a yearly price is shown per month
 * (÷ 12) with a "then" line holding the full yearly price; free-trial mode shows 0 now; currency
 * symbols ($ international, ¥ China, € euro).
 */
import type { Product, SubscriptionType } from '@askdb/contracts';

const SYMBOLS: Record<string, string> = { USD: '$', CNY: '¥', EUR: '€' };

export function currencySymbol(currency: string): string {
  return SYMBOLS[currency.toUpperCase()] ?? `${currency.toUpperCase()} `;
}

/** Minor units as a major-unit amount: whole numbers without decimals, else two decimals. */
export function majorAmount(minor: number): string {
  const v = Math.round(minor) / 100;
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}

export function formatMoney(minor: number, currency: string): string {
  return `${currencySymbol(currency)}${majorAmount(minor)}`;
}

export type PriceSuffix = 'perMonth' | 'perYear' | 'forever';

export interface CardPrice {
  /** The big number, e.g. "$8.25". */
  current: string;
  suffix: PriceSuffix;
  /** A team price is per user. */
  perSeat: boolean;
  /** The full yearly (or monthly) price after the first period / the trial, or null. */
  then: { amount: string; suffix: PriceSuffix } | null;
  /** Crossed-out original price, when higher than the price. */
  original: string | null;
}

/** What a plan card shows for a product (freeTrial: the card's button starts a free trial). */
export function cardPrice(p: Pick<Product, 'price' | 'originalPrice' | 'currency' | 'subscriptionType' | 'perSeat'>, freeTrial = false): CardPrice {
  const money = (m: number) => formatMoney(m, p.currency);
  const original = p.originalPrice > p.price ? money(p.subscriptionType === 'YEAR' ? p.originalPrice / 12 : p.originalPrice) : null;
  if (p.subscriptionType === 'YEAR') {
    return { current: money(freeTrial ? 0 : p.price / 12), suffix: 'perMonth', perSeat: p.perSeat, then: { amount: money(p.price), suffix: 'perYear' }, original: freeTrial ? null : original };
  }
  if (p.subscriptionType === 'MONTH') {
    return { current: money(freeTrial ? 0 : p.price), suffix: 'perMonth', perSeat: p.perSeat, then: freeTrial ? { amount: money(p.price), suffix: 'perMonth' } : null, original: freeTrial ? null : original };
  }
  return { current: money(freeTrial ? 0 : p.price), suffix: 'forever', perSeat: p.perSeat, then: freeTrial ? { amount: money(p.price), suffix: 'forever' } : null, original: freeTrial ? null : original };
}

/** Billing periods offered (spec 01 §2): yearly (first, default) and monthly; in the China build yearly and forever. */
export function billingPeriods(chinaBuild: boolean): SubscriptionType[] {
  return chinaBuild ? ['YEAR', 'FOREVER'] : ['YEAR', 'MONTH'];
}

/** The order total for seats (team prices are per seat), in minor units. */
export function orderTotal(p: Pick<Product, 'price' | 'perSeat'>, seats: number): number {
  return p.perSeat ? p.price * seats : p.price;
}

/** The two cards of a period: the personal (or offline) plan and the team plan; no team plan → one card. */
export function pickCards(products: Product[], period: SubscriptionType, offline: boolean): { personal: Product | null; team: Product | null } {
  const of = (type: Product['type']) => products.find((p) => p.type === type && p.subscriptionType === period) ?? null;
  return { personal: of(offline ? 'LOCAL' : 'PERSONAL'), team: offline ? null : of('TEAM') };
}
