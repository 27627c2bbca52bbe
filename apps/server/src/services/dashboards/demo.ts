/**
 * The demo dashboard (issue 16 point 1): in local mode, beside the demo data source, a dashboard of
 * twelve charts over the demo shop, so a newcomer opens the Dashboard tab and sees data. Created once
 * (a user who deletes it keeps it deleted); its charts run when first shown.
 */
import { ChartSettings, type ChartSettingsInput, type ChartType } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import { DashboardRepo } from '../../store/dashboards.js';
import { LOCAL_USER } from '../../http/context.js';
import { normaliseLayout } from './dashboards.js';

export interface DemoChart {
  name: string;
  type: ChartType;
  sql: string;
  settings: ChartSettingsInput;
}

const MONTH = "strftime('%Y-%m', ordered_at)";
export const DEMO_CHARTS: DemoChart[] = [
  { name: 'Total revenue', type: 'STATISTIC', sql: 'select round(sum(total), 2) as revenue from orders', settings: { valueField: 'revenue', options: { labels: true } } },
  { name: 'Revenue by month', type: 'SMOOTH_LINE', sql: `select ${MONTH} as month, round(sum(total), 2) as revenue from orders group by month order by month`, settings: { xField: 'month', ySeries: [{ field: 'revenue' }] } },
  { name: 'Orders by status', type: 'PIE', sql: 'select status, count(*) as orders from orders group by status', settings: { groupField: 'status', angleField: 'orders', orderBy: 'Y', orderRule: 'DESC' } },
  { name: 'Customers by country', type: 'COLUMN', sql: 'select country, count(*) as customers from customers group by country order by customers desc limit 15', settings: { xField: 'country', ySeries: [{ field: 'customers' }] } },
  { name: 'Top products (units)', type: 'BAR', sql: 'select p.name as product, sum(oi.quantity) as units from order_items oi join products p on p.id = oi.product_id group by p.name order by units desc limit 10', settings: { xField: 'product', ySeries: [{ field: 'units' }] } },
  { name: 'Revenue by category', type: 'RING_PIE', sql: 'select c.name as category, round(sum(oi.quantity * oi.unit_price), 2) as revenue from order_items oi join products p on p.id = oi.product_id join categories c on c.id = p.category_id group by c.name', settings: { groupField: 'category', angleField: 'revenue' } },
  { name: 'Orders and revenue', type: 'COMBO', sql: `select ${MONTH} as month, count(*) as orders, round(sum(total), 2) as revenue from orders group by month order by month`, settings: { xField: 'month', ySeries: [{ field: 'orders', kind: 'bar' }, { field: 'revenue', kind: 'line', axis: 'right' }] } },
  { name: 'Order status funnel', type: 'FUNNEL', sql: 'select status, count(*) as orders from orders group by status', settings: { groupField: 'status', angleField: 'orders', orderBy: 'Y', orderRule: 'DESC' } },
  { name: 'Order totals', type: 'HISTOGRAM', sql: 'select total from orders where id % 10 = 0', settings: { binField: 'total', binCount: 20 } },
  { name: 'Customer cities', type: 'WORD_CLOUD', sql: 'select city, count(*) as customers from customers where city is not null group by city order by customers desc limit 60', settings: { textField: 'city', valueField: 'customers' } },
  { name: 'Price and stock', type: 'SCATTER', sql: 'select price, stock from products', settings: { xField: 'price', ySeries: [{ field: 'stock' }] } },
  { name: 'Latest orders', type: 'TABLE', sql: 'select id, status, ordered_at, total from orders order by ordered_at desc limit 20', settings: {} },
];

const FLAG = 'demoDashboard';

export async function ensureDemoDashboard(deps: Pick<AppDeps, 'kv' | 'store' | 'dataSources' | 'config'>): Promise<void> {
  if (deps.config.mode !== 'local' || !deps.config.demo) return;
  if (await deps.kv.get('app', FLAG)) return;
  const sourceId = Number(await deps.kv.get('app', 'demoRegistered'));
  const source = sourceId ? await deps.dataSources.get(sourceId) : null;
  if (!source || source.spaceId == null) return;
  const repo = new DashboardRepo(deps.store.db);
  const scope = { organizationId: source.spaceId, userId: LOCAL_USER.id };
  const id = await repo.create(scope, { name: 'Demo shop', description: 'Sales of the demo shop: revenue, orders, products and customers', dataset: { dataSourceId: source.id }, refresh: { kind: 'NEVER' }, layout: [], nextRefreshAt: null });
  const ids: number[] = [];
  for (const c of DEMO_CHARTS) ids.push(await repo.createChart(id, { name: c.name, type: c.type, sql: c.sql, settings: ChartSettings.parse(c.settings), dataSourceId: null, databaseName: null, schemaName: null }));
  const layout = normaliseLayout([], ids).map((l, k) => (DEMO_CHARTS[k]!.type === 'STATISTIC' ? { ...l, h: 3 } : l));
  const d = (await repo.get(id, null))!;
  await repo.update(id, { ...d, layout: normaliseLayout(layout, ids) });
  await deps.kv.set('app', FLAG, String(id));
}
