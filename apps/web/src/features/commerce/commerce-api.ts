/** Commerce calls (API.md "Commerce"). */
import type { CreateOrderAnswer, CreateOrderInput, EditionInfo, OrderRow, OrderStatusAnswer, Product, ProductType, SubscriptionEndTime, SubscriptionRow, SubscriptionType } from '@askdb/contracts';
import { api } from '../../lib/api';

export const commerceApi = {
  products: (q: { orgType?: string; productType?: ProductType; subscriptionType?: SubscriptionType[] }) =>
    api<Product[]>('/api/product/list', { query: { orgType: q.orgType, productType: q.productType, subscriptionType: q.subscriptionType?.join(','), version: 2 } }),
  createOrder: (body: Omit<CreateOrderInput, 'organizationId'> & { organizationId?: number }) => api<CreateOrderAnswer>('/api/pay/create_order', { body }),
  orderStatus: (orderId: number) => api<OrderStatusAnswer>('/api/pay/get_order_status_a', { query: { orderId } }),
  orders: () => api<OrderRow[] | { data: OrderRow[] }>('/api/order/list').then((r) => (Array.isArray(r) ? r : r?.data ?? [])),
  subscriptions: (organizationId?: number) =>
    api<SubscriptionRow[] | { data: SubscriptionRow[] }>('/api/subscription/list', { query: { organizationId } }).then((r) => (Array.isArray(r) ? r : r?.data ?? [])),
  cancelSubscription: (id: number) => api<unknown>('/api/subscription/cancel', { body: { id } }),
  endTime: (organizationId?: number) => api<SubscriptionEndTime>('/api/subscription/end_time', { query: { organizationId } }),
  edition: () => api<EditionInfo>('/api/organization/edition', { quietRefusal: true }),
  codeExists: (code: string) => api<boolean>('/api/invitation/get_invitation_code_exit', { query: { code } }),
};
