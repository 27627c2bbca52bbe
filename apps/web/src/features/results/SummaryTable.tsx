/**
 * The execution summary (spec 01 §2): SQL, message, time per statement; failed rows offer 'use AI to
 * repair'. Time column width by language: zh 50, ja 70, en 80. Rows are 28 px and the SQL and message
 * tooltips open after 800 ms, as the grid's cells do (spec 01 §2).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Table, Tooltip, Typography } from 'antd';
import { LIMITS } from '@askdb/contracts';
import { useTranslation } from 'react-i18next';
import type { StatementResult } from './run-store.js';
import { formatDuration } from './format.js';

const TIP_DELAY_S = LIMITS.cellTooltipDelayMs / 1000;

export const TIME_COLUMN_WIDTH: Record<string, number> = { 'zh-CN': 50, 'ja-JP': 70, 'en-US': 80 };

export function statementMessage(r: StatementResult, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (!r.success) return r.message || t('console.error.unknown');
  if (r.set) return t(r.set.canLoadMore || r.hasMoreWithoutCursor ? 'results.summary.rowsMore' : 'results.summary.rows', { count: r.set.rows.length, n: r.set.rows.length.toLocaleString() });
  if (typeof r.updateCount === 'number' && r.updateCount >= 0) return t('results.summary.affected', { count: r.updateCount, n: r.updateCount.toLocaleString() });
  return r.message || t('results.summary.success');
}

function useHeight(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [h, setH] = useState(200);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setH(el.clientHeight));
    ro.observe(el);
    setH(el.clientHeight);
    return () => ro.disconnect();
  }, []);
  return [ref, h];
}

export function SummaryTable({ results, onRepair, onOpen }: { results: StatementResult[]; onRepair(r: StatementResult): void; onOpen(key: string): void }) {
  const { t, i18n } = useTranslation();
  const [box, height] = useHeight();
  const timeWidth = TIME_COLUMN_WIDTH[i18n.language] ?? 80;
  return (
    <div ref={box} className="askdb-summary-box">
    <Table<StatementResult>
      data-testid="result-summary"
      size="small"
      rowKey="key"
      pagination={false}
      virtual
      scroll={{ y: Math.max(60, height - 40), x: 600 }}
      dataSource={results}
      rowClassName={(r) => (r.success ? 'askdb-summary-ok' : 'askdb-summary-failed')}
      columns={[
        {
          key: 'sql',
          title: t('results.summary.sql'),
          dataIndex: 'originalSql',
          ellipsis: true,
          render: (sql: string, r) => (
            <Tooltip title={<span className="askdb-summary-tip">{sql.length > 2000 ? sql.slice(0, 2000) + '…' : sql}</span>} mouseEnterDelay={TIP_DELAY_S} placement="topLeft">
              <Typography.Link className="askdb-summary-sql" onClick={() => onOpen(r.key)}>
                {sql.length > 500 ? sql.slice(0, 500) + '…' : sql}
              </Typography.Link>
            </Tooltip>
          ),
        },
        {
          key: 'message',
          title: t('results.summary.message'),
          ellipsis: true,
          render: (_: unknown, r) => (
            <span data-testid={r.success ? 'summary-ok' : 'summary-failed'}>
              <Tooltip title={statementMessage(r, t)} mouseEnterDelay={TIP_DELAY_S} placement="topLeft">
                <Typography.Text type={r.success ? undefined : 'danger'}>{statementMessage(r, t)}</Typography.Text>
              </Tooltip>
              {!r.success && !r.cancelled && (
                <Typography.Link style={{ marginLeft: 8 }} onClick={() => onRepair(r)} data-testid="ai-repair">
                  {t('results.aiRepair')}
                </Typography.Link>
              )}
            </span>
          ),
        },
        { key: 'time', title: t('results.summary.time'), width: timeWidth, dataIndex: 'duration', render: (d: number) => formatDuration(d), onHeaderCell: () => ({ 'data-testid': 'summary-time-header' }) as never },
      ]}
    />
    </div>
  );
}
