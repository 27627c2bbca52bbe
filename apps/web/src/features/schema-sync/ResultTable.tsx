/**
 * Step 2: one row per executed statement (spec 01 §2, §8): SQL, message ('successful' with the
 * affected rows when the engine reports them, or 'failure' and its message) and time. A failed row
 * offers 'use AI to repair'.
 */
import { Button, Table, Tooltip, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ExecuteResult } from '@askdb/contracts';

/** Spec 01 §2: the time column is narrower in languages with shorter units. */
const TIME_WIDTH: Record<string, number> = { zh: 50, ja: 70, en: 80 };
const TOOLTIP_DELAY_S = 0.8;

interface Props {
  results: ExecuteResult[];
  onRepair(result: ExecuteResult): void;
}

function Cell({ text, code, children }: { text: string; code?: boolean; children?: React.ReactNode }) {
  return (
    <Tooltip title={<span className={code ? 'askdb-sync-tooltip-code' : undefined}>{text}</span>} rootClassName="askdb-sync-tooltip" mouseEnterDelay={TOOLTIP_DELAY_S} placement="topLeft">
      <div className="askdb-sync-cell">{children ?? text}</div>
    </Tooltip>
  );
}

export function ResultTable({ results, onRepair }: Props) {
  const { t, i18n } = useTranslation();
  const timeWidth = TIME_WIDTH[i18n.language.slice(0, 2)] ?? TIME_WIDTH.en;
  const rows = results.map((r, index) => ({ ...r, key: index }));
  const message = (r: ExecuteResult) =>
    r.success
      ? [t('schemaSync.successful'), typeof r.updateCount === 'number' ? t('schemaSync.affectedRows', { count: r.updateCount }) : null].filter(Boolean).join(', ')
      : `${t('schemaSync.failure')}: ${r.message}`;

  return (
    <Table
      className="askdb-sync-results"
      data-testid="sync-results"
      size="small"
      pagination={false}
      tableLayout="fixed"
      scroll={{ y: 320 }}
      dataSource={rows}
      onRow={(r) => ({ 'data-testid': 'sync-result-row', 'data-status': r.success ? 'success' : 'failure' }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        {
          title: t('schemaSync.col.sql'),
          dataIndex: 'originalSql',
          width: '48%',
          render: (sql: string) => (
            <Cell text={sql} code>
              <code>{sql.replace(/\s+/g, ' ')}</code>
            </Cell>
          ),
        },
        {
          title: t('schemaSync.col.message'),
          key: 'message',
          render: (_: unknown, r: ExecuteResult) => (
            <div className="askdb-sync-message">
              {r.success ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <CloseCircleFilled style={{ color: '#ff4d4f' }} />}
              <Cell text={message(r)}>
                <Typography.Text type={r.success ? undefined : 'danger'} data-testid="sync-result-message">{message(r)}</Typography.Text>
              </Cell>
              {!r.success && (
                <Button type="link" size="small" data-testid="sync-ai-repair" onClick={() => onRepair(r)} style={{ paddingInline: 0, flex: 'none' }}>
                  {t('schemaSync.aiRepair')}
                </Button>
              )}
            </div>
          ),
        },
        {
          title: t('schemaSync.col.time'),
          dataIndex: 'duration',
          width: timeWidth,
          align: 'right',
          render: (ms: number) => t('schemaSync.ms', { ms: Math.round(ms) }),
        },
      ]}
    />
  );
}
