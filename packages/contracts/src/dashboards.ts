/**
 * Dashboards and charts (issue 16; spec 02 §2 "Dashboards", §3 "Dashboard and chart", §5; API.md
 * "Dashboards"). A dashboard is a grid of charts over one AI dataset (an AI data collection or a data
 * source/database/schema) with a refresh rule; a chart is a read-only SQL query drawn as one of the
 * spec's chart types. Required texts (name, dataset) are checked by the server so the message is in
 * the user's language; these schemas bound sizes and types.
 */
import { z } from 'zod';
import type { ResultHeader } from './api.js';

/** Spec 02 §3 chart types (AI chart is a way to make one, not a type of its own). */
export const CHART_TYPES = [
  'PIE', 'RING_PIE', 'ROSE_PIE', 'FUNNEL', 'BAR', 'LINE', 'SMOOTH_LINE', 'STEP_LINE', 'AREA_LINE', 'SCATTER',
  'COLUMN', 'AREA', 'WATERFALL', 'HISTOGRAM', 'TABLE', 'WORD_CLOUD', 'STATISTIC', 'COMBO',
] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const CHART_ORDER_BY = ['DATA', 'X', 'Y'] as const;
export const CHART_ORDER_RULES = ['ASC', 'DESC'] as const;
export const CHART_LINE_TYPES = ['LINE', 'SMOOTH', 'STEP'] as const;

/** The most rows (points) a chart query returns; the rest is cut with a note (aggregate in SQL instead). */
export const CHART_MAX_POINTS = 5000;
export const DASHBOARD_LIMITS = { name: 255, description: 2000, sql: 256 * 1024, charts: 100, minutes: 1440 } as const;
/** Grid: 12 columns; a new chart is 6×4; width and height at least 3, height at most 10. */
export const GRID = { cols: 12, defaultW: 6, defaultH: 4, minW: 3, minH: 3, maxH: 10 } as const;

const Name = z.string().max(DASHBOARD_LIMITS.name);
const Id = z.coerce.number().int().positive();

/** One y series: its column, where its axis is (left/right) and, in a combo chart, how it is drawn. */
export const ChartSeries = z.object({
  field: Name,
  axis: z.enum(['left', 'right']).default('left'),
  kind: z.enum(['bar', 'line']).default('bar'),
});
export type ChartSeries = z.output<typeof ChartSeries>;

export const ChartOptions = z.object({
  legend: z.boolean().default(true),
  labels: z.boolean().default(false),
  axisLine: z.boolean().default(true),
  gridLines: z.boolean().default(true),
  markers: z.boolean().default(true),
  /** Word cloud: fill the area (shape) with words. */
  fill: z.boolean().default(false),
});
export type ChartOptions = z.output<typeof ChartOptions>;

/** Field mapping and look of a chart (spec 02 §3 "Chart"). Which fields apply depends on the type. */
export const ChartSettings = z.object({
  xField: Name.optional(),
  ySeries: z.array(ChartSeries).max(20).default([]),
  /** Pie family: the slice's size (angle) and its name (group). */
  angleField: Name.optional(),
  groupField: Name.optional(),
  /** Word cloud: the word (text) and its weight (value); statistic: value. */
  textField: Name.optional(),
  valueField: Name.optional(),
  /** Histogram: the numeric column to bin and how many bins. */
  binField: Name.optional(),
  binCount: z.number().int().min(1).max(200).default(10),
  lineType: z.enum(CHART_LINE_TYPES).default('LINE'),
  themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/).default('#5470c6'),
  orderBy: z.enum(CHART_ORDER_BY).default('DATA'),
  orderRule: z.enum(CHART_ORDER_RULES).default('ASC'),
  options: ChartOptions.default({ legend: true, labels: false, axisLine: true, gridLines: true, markers: true, fill: false }),
});
export type ChartSettings = z.output<typeof ChartSettings>;
export type ChartSettingsInput = z.input<typeof ChartSettings>;

/** The AI dataset of a dashboard: an AI data collection, or a data source (with database/schema). */
export const DashboardDataset = z.object({
  collectionId: Id.optional(),
  dataSourceId: Id.optional(),
  databaseName: Name.optional(),
  schemaName: Name.optional(),
});
export type DashboardDataset = z.output<typeof DashboardDataset>;

export const REFRESH_KINDS = ['NEVER', 'MINUTES', 'DAILY', 'CRON'] as const;
export type RefreshKind = (typeof REFRESH_KINDS)[number];
/** Refresh rule (spec 02 §3): never, every N minutes, every day at HH:MM, or a 5-field cron expression. */
export const RefreshRule = z.object({
  kind: z.enum(REFRESH_KINDS).default('NEVER'),
  minutes: z.number().int().min(1).max(DASHBOARD_LIMITS.minutes).optional(),
  /** HH:MM, 24-hour. */
  time: z.string().max(5).optional(),
  cron: z.string().max(200).optional(),
  /** IANA time zone the daily time and cron rule are read in (default UTC). */
  timezone: z.string().max(64).optional(),
});
export type RefreshRule = z.output<typeof RefreshRule>;

export const GridItem = z.object({ i: z.string().max(32), x: z.number().int().min(0).max(GRID.cols), y: z.number().int().min(0).max(10_000), w: z.number().int().min(1).max(GRID.cols), h: z.number().int().min(1).max(GRID.maxH) });
export type GridItem = z.output<typeof GridItem>;

export const DashboardCreate = z.object({
  name: Name.default(''),
  description: z.string().max(DASHBOARD_LIMITS.description).default(''),
  dataset: DashboardDataset.default({}),
  refresh: RefreshRule.default({ kind: 'NEVER' }),
});
export const DashboardUpdate = z.object({
  id: Id,
  name: Name.optional(),
  description: z.string().max(DASHBOARD_LIMITS.description).optional(),
  dataset: DashboardDataset.optional(),
  refresh: RefreshRule.optional(),
  layout: z.array(GridItem).max(DASHBOARD_LIMITS.charts).optional(),
});
export const IdQuery = z.object({ id: Id });
export const DashboardListQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  searchKey: z.string().max(255).optional(),
});
/** POST /api/dashboard/refresh_preview: the next runs of a rule, or why it is refused. */
export const RefreshPreview = RefreshRule;

export interface Dashboard {
  id: number;
  name: string;
  description: string;
  dataset: DashboardDataset;
  /** Display name of the dataset (collection title or data source alias), '' when it is gone. */
  datasetName: string;
  refresh: RefreshRule;
  layout: GridItem[];
  /** ISO times of the next five scheduled refreshes ([] for NEVER). */
  nextRuns: string[];
  chartCount: number;
  gmtCreate: string;
  gmtModified: string;
}

export const ChartCreate = z.object({
  dashboardId: Id,
  name: Name.default(''),
  type: z.enum(CHART_TYPES).default('COLUMN'),
  sql: z.string().max(DASHBOARD_LIMITS.sql).default(''),
  settings: ChartSettings.default(ChartSettings.parse({})),
  /** Where the SQL runs; null or absent: the dashboard's data source. Required for a collection dataset. */
  dataSourceId: Id.nullable().optional(),
  databaseName: Name.nullable().optional(),
  schemaName: Name.nullable().optional(),
});
export const ChartUpdate = ChartCreate.partial().extend({ id: Id });
/** Runs a saved chart (`id`, stores the result as its last) or an unsaved query (preview). */
export const ChartExecute = z.object({
  id: Id.optional(),
  sql: z.string().max(DASHBOARD_LIMITS.sql).optional(),
  dashboardId: Id.optional(),
  dataSourceId: Id.optional(),
  databaseName: Name.optional(),
  schemaName: Name.optional(),
});
export const ChartListQuery = z.object({ dashboardId: Id });

/** The rows of a chart's query (at most CHART_MAX_POINTS), `truncated` when more were cut. */
export interface ChartResult {
  headerList: ResultHeader[];
  dataList: (string | null)[][];
  truncated: boolean;
  /** A note to show beside the chart (truncation). */
  note?: string;
  duration: number;
}

export interface Chart {
  id: number;
  dashboardId: number;
  name: string;
  type: ChartType;
  sql: string;
  settings: ChartSettings;
  dataSourceId: number | null;
  databaseName: string | null;
  schemaName: string | null;
  /** The last stored result (from a run or a scheduled refresh), its time and its error. */
  lastResult: ChartResult | null;
  lastRunAt: string | null;
  lastError: string | null;
  gmtModified: string;
}

/** What the user edits on a chart: the store writes it, the web's editor holds it as its draft. */
export type ChartFields = Pick<Chart, 'name' | 'type' | 'sql' | 'settings' | 'dataSourceId' | 'databaseName' | 'schemaName'>;

/** POST /api/chart/ai: a question over the dashboard's dataset → a proposed chart (not saved). */
export const ChartAiRequest = z.object({ dashboardId: Id, question: z.string().max(4000).default('') });
export interface ChartAiProposal extends ChartFields {
  dataSourceId: number;
  result: ChartResult;
}

export const DASHBOARD_ERROR_CODES = {
  /** A chart query that is not a single SELECT (or WITH … SELECT). */
  CHART_NOT_READ_ONLY: 'CHART_NOT_READ_ONLY',
  /** The data source under a chart was deleted. */
  CHART_SOURCE_GONE: 'CHART_SOURCE_GONE',
  /** A refresh rule the server refuses (bad cron, fires more than once a minute). */
  REFRESH_RULE_INVALID: 'REFRESH_RULE_INVALID',
  /** The chart's SQL failed in the database (the message is the database's). */
  CHART_QUERY_FAILED: 'CHART_QUERY_FAILED',
  /** The AI could not produce a chart for the question. */
  NO_CHART_MATCHED: 'NO_CHART_MATCHED',
} as const;
