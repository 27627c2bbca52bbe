/**
 * Commerce (issue 14 points 2–4; spec 01 §3 "Order", "Product", §4 order states, §5 seats, §9;
 * spec 02 §3 "Subscription record"; API.md "Commerce"). Money is integer minor units (cents, fen)
 * with an ISO currency code, end to end.
 */
import { z } from 'zod';

export const ORDER_STATUSES = ['CREATE', 'PAY_SUCCESS', 'CANCEL'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const SUBSCRIPTION_TYPES = ['MONTH', 'YEAR', 'FOREVER'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export const PRODUCT_TYPES = ['PERSONAL', 'TEAM', 'LOCAL'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** `sandbox` is the development provider (a local "pay" page); never offered when billing runs live. */
export const PAYMENT_METHODS = ['stripe', 'wechat', 'alipay', 'sandbox'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PRICING_MODES = ['PersonalUpdate', 'TeamUpdate', 'TeamAddSeat', 'Offline'] as const;
export type PricingMode = (typeof PRICING_MODES)[number];
/** Spec 02 §4: a subscription record is in use, not started or expired (CANCELLED: stopped by its owner). */
export const SUBSCRIPTION_STATUSES = ['IN_USE', 'NOT_STARTED', 'EXPIRED', 'CANCELLED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Spec 01 §5, §9. */
export const COMMERCE_LIMITS = {
  teamMinSeats: 5,
  teamMaxSeats: 5000,
  offlineMinSeats: 1,
  offlineMaxSeats: 5000,
  personalSeats: 1,
  invitationCodeLength: 6,
  orderPollMs: 3000,
  /** Unpaid orders are cancelled after this. */
  orderPayWindowMs: 15 * 60 * 1000,
  currencies: ['USD', 'CNY', 'EUR'] as readonly string[],
} as const;

/** Error codes of this area (additive to ERROR_CODES; FREE_TRIAL_USAGE_LIMIT is in ERROR_CODES). */
export const COMMERCE_ERROR_CODES = {
  /** This deployment does not sell (billing off, local mode). */
  BILLING_OFF: 'BILLING_OFF',
  PRODUCT_NOT_FOUND: 'PRODUCT_NOT_FOUND',
  SEATS_OUT_OF_RANGE: 'SEATS_OUT_OF_RANGE',
  INVALID_INVITATION_CODE: 'INVALID_INVITATION_CODE',
  PAYMENT_METHOD_UNSUPPORTED: 'PAYMENT_METHOD_UNSUPPORTED',
  ORDER_NOT_FOUND: 'ORDER_NOT_FOUND',
  /** A team product for a personal organisation or the other way round. */
  WRONG_ORGANIZATION_TYPE: 'WRONG_ORGANIZATION_TYPE',
  /** The free trial was used already (or the organisation has paid). */
  TRIAL_NOT_AVAILABLE: 'TRIAL_NOT_AVAILABLE',
  /** A webhook whose signature does not verify. */
  WEBHOOK_SIGNATURE: 'WEBHOOK_SIGNATURE',
  WEBHOOK_UNKNOWN_ORDER: 'WEBHOOK_UNKNOWN_ORDER',
  WEBHOOK_AMOUNT_MISMATCH: 'WEBHOOK_AMOUNT_MISMATCH',
  /** Inviting or admitting a member beyond the team's paid seats. */
  SEATS_EXCEEDED: 'SEATS_EXCEEDED',
  SUBSCRIPTION_NOT_FOUND: 'SUBSCRIPTION_NOT_FOUND',
  PAYMENT_PROVIDER_ERROR: 'PAYMENT_PROVIDER_ERROR',
} as const;

/** Spec 01 §3 "Product". Prices in minor units; `yearlyPrice` is derived for YEAR products (price), and is the price × 12 for MONTH ones. */
export interface Product {
  id: number;
  title: string;
  price: number;
  originalPrice: number;
  currency: string;
  tag: string | null;
  description2: string | null;
  subscriptionType: SubscriptionType;
  paymentMethods: PaymentMethod[];
  type: ProductType;
  /** A free trial can be started with this product (create_order with freeTrial). */
  freeTrial: boolean;
  versionType: 'PRO' | 'PRO2';
  yearlyPrice: number | null;
  /** TEAM: the price is per seat. */
  perSeat: boolean;
}

const Id = z.coerce.number().int().positive();
const csv = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .trim()
    .transform((s) => s.split(',').map((x) => x.trim().toUpperCase()).filter(Boolean))
    .pipe(z.array(z.enum(values)));

/** GET /api/product/list */
export const ProductListQuery = z.object({
  orgType: z.enum(['PERSONAL', 'TEAM', 'ENTERPRISE', 'LOCAL']).optional(),
  productType: z.enum(PRODUCT_TYPES).optional(),
  subscriptionType: csv(SUBSCRIPTION_TYPES).optional(),
  subscriptionTypes: csv(SUBSCRIPTION_TYPES).optional(),
  version: z.coerce.number().int().optional(),
});

/** POST /api/pay/create_order */
export const CreateOrderInput = z.object({
  /** The product id. */
  id: Id,
  paymentMethod: z.enum(PAYMENT_METHODS),
  organizationId: Id.optional(),
  invitationCode: z.string().trim().max(32).optional().nullable(),
  seats: z.coerce.number().int().optional(),
  /** ISO time; not before now and not after the current subscription's end. */
  subStartTime: z.string().max(40).optional().nullable(),
  freeTrial: z.boolean().optional(),
});
export type CreateOrderInput = z.output<typeof CreateOrderInput>;

/** POST /api/pay/create_order answer (spec 01 §3 "Order"). */
export interface CreateOrderAnswer {
  orderId: number;
  /** Provider page to open (stripe, sandbox). */
  url?: string;
  /** QR code image (data: URL) of the payment link (wechat, alipay, sandbox). */
  qrCode?: string;
  status: OrderStatus;
  amount: number;
  payAmount: number;
  currency: string;
  subscriptionType: SubscriptionType;
}

export const OrderStatusQuery = z.object({ orderId: Id });
export interface OrderStatusAnswer {
  status: OrderStatus;
}

/** GET /api/order/list row (purchase details). */
export interface OrderRow {
  orderId: number;
  productId: number;
  productTitle: string;
  productType: ProductType;
  subscriptionType: SubscriptionType;
  organizationId: number;
  seats: number;
  amount: number;
  payAmount: number;
  currency: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  freeTrial: boolean;
  invitationCode: string | null;
  createdAt: string;
  paidAt: string | null;
  /** Paid after it was cancelled: the money is credited back (a ledger row), never lost. */
  refundState: 'NONE' | 'CREDITED';
}

export const OrganizationIdQuery = z.object({ organizationId: Id.optional() });

/** GET /api/subscription/list row (spec 02 §3 "Subscription record"). */
export interface SubscriptionRow {
  id: number;
  orderId: number | null;
  organizationId: number;
  productType: ProductType;
  subscriptionType: SubscriptionType;
  seats: number;
  purchaseTime: string;
  startTime: string;
  endTime: string;
  status: SubscriptionStatus;
  price: number;
  currency: string;
  freeTrial: boolean;
}

export const SubscriptionCancelInput = z.object({ id: Id });

/** GET /api/subscription/end_time */
export interface SubscriptionEndTime {
  startTime: string | null;
  endTime: string | null;
}

/** GET /api/ai/config/remaininguses — null limits are unlimited. */
export interface RemainingUses {
  tier: string;
  /** Managed-model uses left in the period (null = unlimited). */
  remainingUses: number | null;
  aiUses: { used: number; limit: number | null };
  aiReports: { used: number; limit: number | null; remaining: number | null };
  period: 'TRIAL' | 'MONTH' | null;
  /** When the counters start again (month) or the trial ends. */
  periodEnd: string | null;
}
