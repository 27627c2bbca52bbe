/** The results under a console: a running bar with cancel, then one tab per statement plus the summary. */
import { useEffect, useState } from 'react';
import { Button, Empty, Spin, Tabs } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SUMMARY_KEY, useRun, useRuns, type StatementResult } from './run-store.js';
import { SummaryTable } from './SummaryTable.js';
import { ResultView, type ResultBinding } from './ResultView.js';
import { formatDuration } from './format.js';
import './results.css';

/** More tabs than this would make the tab strip useless; the summary lists every statement. */
const MAX_STATEMENT_TABS = 100;

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const i = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(i);
  }, []);
  return <span data-testid="run-elapsed">{formatDuration(now - since)}</span>;
}

export function ResultsPanel({ tabId, binding, onRepair }: { tabId: string; binding: ResultBinding; onRepair(r: StatementResult): void }) {
  const { t } = useTranslation();
  const run = useRun(tabId);
  const { cancel, setActive } = useRuns.getState();
  const [cancelling, setCancelling] = useState(false);
  useEffect(() => {
    if (!run.running) setCancelling(false);
  }, [run.running]);

  const tabs = [
    {
      key: SUMMARY_KEY,
      label: <span data-testid="result-tab-summary">{t('results.summary')}</span>,
      children: run.active !== SUMMARY_KEY ? null : run.results.length ? <SummaryTable results={run.results} onRepair={onRepair} onOpen={(k) => setActive(tabId, k)} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('results.empty')} />,
    },
    ...run.results.slice(0, MAX_STATEMENT_TABS).map((r, i) => ({
      key: r.key,
      label: (
        <span data-testid={`result-tab-${i}`} data-success={r.success ? 'true' : 'false'}>
          {r.success ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <CloseCircleFilled style={{ color: '#ff4d4f' }} />} {t('results.tab', { n: i + 1 })}
        </span>
      ),
      // Only the shown tab is rendered: a hidden grid or summary would re-render on every run for nothing.
      children: run.active === r.key ? <ResultView result={r} binding={binding} onRepair={onRepair} /> : null,
    })),
  ];

  return (
    <div className="askdb-results" data-testid="results-panel">
      {run.running && (
        <div className="askdb-running" data-testid="run-status">
          <Spin size="small" />
          <span>{run.explain ? t('results.explaining') : t('results.running')}</span>
          <Elapsed since={run.startedAt} />
          <Button
            size="small"
            danger
            icon={<StopOutlined />}
            loading={cancelling}
            data-testid="run-cancel"
            onClick={() => {
              setCancelling(true);
              void cancel(tabId);
            }}
          >
            {t('results.cancel')}
          </Button>
        </div>
      )}
      <Tabs size="small" className="askdb-results-tabs" activeKey={run.active} onChange={(k) => setActive(tabId, k)} items={tabs} />
    </div>
  );
}
