/** Execution results: per-statement tabs, the summary table and the virtualised grid. */
export { ResultsPanel } from './ResultsPanel.js';
export { DataGrid } from './DataGrid.js';
export { useRuns, useRun, SUMMARY_KEY, type StatementResult, type ExecuteRequest, type RunState } from './run-store.js';
export { TIME_COLUMN_WIDTH } from './SummaryTable.js';
export { resultsStrings } from './i18n.js';
export { useDelayedTrue } from './use-delayed.js';
