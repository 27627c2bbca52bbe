/** The results under a console: a running bar with cancel, then one tab per statement plus the summary. */
import { useEffect, useState } from 'react';
import { Button, Empty, Spin, Tabs } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SUMMARY_KEY, useRuns, type StatementResult } from './run-store.js';
import { SummaryTable } from './SummaryTable.js';
import { ResultView, type ResultBinding } from './ResultView.js';
import { formatDuration } from './format.js';
import { useDelayedTrue } from './use-delayed.js';
import './results.css';

/** More tabs than this would make the tab strip useless; the summary lists every statement. */
const MAX_STATEMENT_TABS = 100;
const NO_RESULTS: StatementResult[] = [];

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const i = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(i);
  }, []);
  return <span data-testid="run-elapsed">{formatDuration(now - since)}</span>;
}

/** Shown when a run takes longer than 150 ms: what runs, for how long, and the cancel button. */
function RunningBar({ tabId }: { tabId: string }) {
  const { t } = useTranslation();
  const running = useRuns((s) => s.byTab[tabId]?.running ?? false);
  const explain = useRuns((s) => s.byTab[tabId]?.explain ?? false);
  const startedAt = useRuns((s) => s.byTab[tabId]?.startedAt ?? 0);
  const waitingAhead = useRuns((s) => s.byTab[tabId]?.waitingAhead ?? null);
  const shown = useDelayedTrue(running, 150);
  const [cancelling, setCancelling] = useState(false);
  useEffect(() => {
    if (!running) setCancelling(false);
  }, [running]);
  if (!shown) return null;
  return (
    <div className="askdb-running" data-testid="run-status">
      <Spin size="small" />
      <span data-testid="run-state">{waitingAhead !== null ? t('results.waitingConnection', { n: waitingAhead }) : explain ? t('results.explaining') : t('results.running')}</span>
      <Elapsed since={startedAt} />
      <Button
        size="small"
        danger
        icon={<StopOutlined />}
        loading={cancelling}
        data-testid="run-cancel"
        onClick={() => {
          setCancelling(true);
          void useRuns.getState().cancel(tabId);
        }}
      >
        {t('results.cancel')}
      </Button>
    </div>
  );
}

export function ResultsPanel({ tabId, binding, onRepair }: { tabId: string; binding: ResultBinding; onRepair(r: StatementResult): void }) {
  const { t } = useTranslation();
  // Results and the shown tab only: the running flag alone does not re-render the tabs.
  const results = useRuns((s) => s.byTab[tabId]?.results ?? NO_RESULTS);
  const active = useRuns((s) => s.byTab[tabId]?.active ?? SUMMARY_KEY);
  const { setActive } = useRuns.getState();

  const tabs = [
    {
      key: SUMMARY_KEY,
      label: <span data-testid="result-tab-summary">{t('results.summary')}</span>,
      children: active !== SUMMARY_KEY ? null : results.length ? <SummaryTable results={results} onRepair={onRepair} onOpen={(k) => setActive(tabId, k)} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('results.empty')} />,
    },
    ...results.slice(0, MAX_STATEMENT_TABS).map((r, i) => ({
      key: r.key,
      label: (
        <span data-testid={`result-tab-${i}`} data-success={r.success ? 'true' : 'false'}>
          {r.success ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <CloseCircleFilled style={{ color: '#ff4d4f' }} />} {t('results.tab', { n: i + 1 })}
        </span>
      ),
      // Only the shown tab is rendered: a hidden grid or summary would re-render on every run for nothing.
      children: active === r.key ? <ResultView result={r} binding={binding} onRepair={onRepair} /> : null,
    })),
  ];

  return (
    <div className="askdb-results" data-testid="results-panel">
      <RunningBar tabId={tabId} />
      <Tabs size="small" className="askdb-results-tabs" activeKey={active} onChange={(k) => setActive(tabId, k)} items={tabs} />
    </div>
  );
}
