/**
 * The schema-sync dialog (spec 01 §2, §4, §8), 800 px: step 0 pick source and target, step 1 review
 * and edit the generated SQL, step 2 the result of executing it on the target. State survives
 * closing for 'use AI to repair' (reopening shows the results again); the close button starts over
 * while keeping the chosen sides.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Modal, Result, Space, Steps, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DataSourceSummary, ExecuteResult } from '@askdb/contracts';
import { DEFAULT_DIFF_OPTIONS, defaultTicks, diffPlan, executeOnTarget, listDataSources, scriptOfTicked, type CompleteSide, type DiffOptions, type SyncPlan } from './api.js';
import { ChangeList } from './ChangeList.js';
import { askAiToRepair, type SyncSide } from './events.js';
import { completeSide, describeSide } from './selection.js';
import { SidePicker } from './SidePicker.js';
import { SqlEditor } from './SqlEditor.js';
import { ResultTable } from './ResultTable.js';
import './schema-sync.css';

export interface SchemaSyncDialogProps {
  open: boolean;
  onClose(): void;
  initialSource?: SyncSide;
}

type Step = 0 | 1 | 2;
interface Compared { source: CompleteSide; target: CompleteSide; sourceLabel: string; targetLabel: string }
interface Failure { title: string; message: string; detail?: string }

const OPTION_KEYS: { key: keyof DiffOptions; help?: string }[] = [
  { key: 'noDrops', help: 'schemaSync.option.noDrops.help' },
  { key: 'includeViews' },
  { key: 'caseSensitive', help: 'schemaSync.option.caseSensitive.help' },
];

export function SchemaSyncDialog({ open, onClose, initialSource }: SchemaSyncDialogProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>(0);
  const [source, setSource] = useState<SyncSide>({});
  const [target, setTarget] = useState<SyncSide>({});
  const [options, setOptions] = useState<DiffOptions>(DEFAULT_DIFF_OPTIONS);
  const [dataSources, setDataSources] = useState<DataSourceSummary[]>([]);
  const [dataSourcesLoading, setDataSourcesLoading] = useState(false);
  const [compared, setCompared] = useState<Compared | null>(null);
  const [plan, setPlan] = useState<SyncPlan | null>(null);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [sql, setSql] = useState('');
  const [diffRun, setDiffRun] = useState(0);
  const [results, setResults] = useState<ExecuteResult[]>([]);
  const [busy, setBusy] = useState<'diff' | 'execute' | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const inflight = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!open) return;
    setDataSourcesLoading(true);
    void listDataSources().then((l) => {
      setDataSources(l);
      setDataSourcesLoading(false);
    });
  }, [open]);

  // A source handed over by the caller (e.g. a tree node's menu) starts a fresh comparison from it.
  useEffect(() => {
    if (!open || !initialSource?.dataSourceId) return;
    setSource({ dataSourceId: initialSource.dataSourceId, databaseName: initialSource.databaseName ?? null, schemaName: initialSource.schemaName ?? null });
    setStep(0);
    setFailure(null);
  }, [open, initialSource]);

  const byId = (id?: number) => dataSources.find((d) => d.id === id);
  const sourceReady = completeSide(source, byId(source.dataSourceId));
  const targetReady = completeSide(target, byId(target.dataSourceId));

  const startOver = useCallback(() => {
    inflight.current?.abort();
    setStep(0);
    setCompared(null);
    setPlan(null);
    setSql('');
    setResults([]);
    setFailure(null);
    setBusy(null);
  }, []);
  const close = () => {
    startOver();
    onClose();
  };

  const run = async <T,>(kind: 'diff' | 'execute', call: (signal: AbortSignal) => Promise<T>, title: string): Promise<T | undefined> => {
    inflight.current?.abort();
    const ctrl = new AbortController();
    inflight.current = ctrl;
    setBusy(kind);
    setFailure(null);
    try {
      return await call(ctrl.signal);
    } catch (e) {
      if ((e as Error).name !== 'AbortError') setFailure({ title, message: (e as Error).message, detail: (e as { detail?: string }).detail });
      return undefined;
    } finally {
      if (inflight.current === ctrl) setBusy(null);
    }
  };

  const startDiff = async (sides: Compared | null) => {
    if (!sides) return;
    const next = await run('diff', (signal) => diffPlan(sides.source, sides.target, options, signal), t('schemaSync.diffFailed'));
    if (next === undefined) return;
    const ticks = defaultTicks(next);
    setCompared(sides);
    setPlan(next);
    setTicked(ticks);
    setSql(scriptOfTicked(next, ticks));
    setDiffRun((n) => n + 1);
    setResults([]);
    setStep(1);
  };
  const pickedSides = (): Compared | null =>
    sourceReady && targetReady
      ? { source: sourceReady, target: targetReady, sourceLabel: describeSide(sourceReady, byId(sourceReady.dataSourceId)), targetLabel: describeSide(targetReady, byId(targetReady.dataSourceId)) }
      : null;

  const startExecute = async () => {
    if (!compared || !sql.trim()) return;
    const r = await run('execute', (signal) => executeOnTarget(compared.target, sql, signal), t('schemaSync.executeFailed'));
    if (r === undefined) return;
    setResults(r);
    setStep(2);
  };

  const repair = (r: ExecuteResult) => {
    if (!compared) return;
    const ds = byId(compared.target.dataSourceId);
    askAiToRepair({ questionType: 'SQL_DEBUG', input: r.originalSql, errorMessage: r.message, context: { ...compared.target, dataSourceName: ds?.alias, databaseType: ds?.type } });
    onClose(); // keeps the state: reopening the dialog shows these results again
  };

  const swap = () => {
    setSource(target);
    setTarget(source);
  };

  const failed = results.filter((r) => !r.success).length;
  const noDifferences = step === 1 && !plan?.statements.length;
  // Ticking writes the script again from the ticked statements (the editor shows it anew).
  const retick = (next: Set<number>) => {
    if (!plan) return;
    setTicked(next);
    setSql(scriptOfTicked(plan, next));
    setDiffRun((n) => n + 1);
  };

  const footer = (
    <div className="askdb-sync-footer">
      <div className="askdb-sync-footer-left">
        {step === 2 && (
          <Typography.Text type={failed ? 'danger' : 'success'} data-testid="sync-summary">
            {t('schemaSync.summary', { success: results.length - failed, failed })}
          </Typography.Text>
        )}
      </div>
      <Button data-testid="sync-close" onClick={close}>{t('schemaSync.close')}</Button>
      {step > 0 && (
        <Button data-testid="sync-prev" disabled={!!busy} onClick={() => { setFailure(null); setStep((step - 1) as Step); }}>
          {t('schemaSync.prev')}
        </Button>
      )}
      {step === 0 && (
        <Tooltip title={sourceReady && targetReady ? undefined : t('schemaSync.incomplete')}>
          <Button type="primary" data-testid="sync-start-diff" disabled={!sourceReady || !targetReady} loading={busy === 'diff'} onClick={() => void startDiff(pickedSides())}>
            {t('schemaSync.startDiff')}
          </Button>
        </Tooltip>
      )}
      {step === 1 && (
        <Button type="primary" data-testid="sync-start-execute" disabled={!sql.trim()} loading={busy === 'execute'} onClick={() => void startExecute()}>
          {t('schemaSync.startExecute')}
        </Button>
      )}
      {step === 2 && (
        <Button type="primary" data-testid="sync-diff-again" loading={busy === 'diff'} onClick={() => void startDiff(compared)}>
          {t('schemaSync.diffAgain')}
        </Button>
      )}
    </div>
  );

  return (
    <Modal
      open={open}
      title={t('schemaSync.title')}
      width={800}
      onCancel={close}
      mask={{ closable: false }}
      // Escape belongs to the editor while the user edits the script (closing would throw the edits away).
      keyboard={step !== 1}
      footer={footer}
      styles={{ body: { minHeight: 380 } }}
    >
      <div data-testid="sync-dialog" data-step={step}>
        <Steps
          size="small"
          current={step}
          style={{ margin: '8px 0 20px' }}
          items={[{ title: t('schemaSync.step.select') }, { title: t('schemaSync.step.sql') }, { title: t('schemaSync.step.result') }]}
        />
        {failure && (
          <Alert
            type="error"
            showIcon
            data-testid="sync-error"
            style={{ marginBottom: 12 }}
            title={failure.title}
            description={
              <>
                <div>{failure.message}</div>
                {failure.detail && failure.detail !== failure.message && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{failure.detail}</Typography.Text>}
              </>
            }
            closable={{ onClose: () => setFailure(null) }}
          />
        )}

        {step === 0 && (
          <>
            <div className="askdb-sync-sides">
              <SidePicker role="source" side={source} onChange={(u) => setSource(u)} dataSources={dataSources} dataSourcesLoading={dataSourcesLoading} />
              <Tooltip title={t('schemaSync.swap')}>
                <Button className="askdb-sync-swap" shape="circle" icon={<SwapOutlined />} aria-label={t('schemaSync.swap')} data-testid="sync-swap" onClick={swap} />
              </Tooltip>
              <SidePicker role="target" side={target} onChange={(u) => setTarget(u)} dataSources={dataSources} dataSourcesLoading={dataSourcesLoading} />
            </div>
            <div className="askdb-sync-options" data-testid="sync-options">
              <Typography.Text strong>{t('schemaSync.options')}</Typography.Text>
              {OPTION_KEYS.map(({ key, help }) => (
                <Checkbox key={key} data-testid={`sync-option-${key}`} checked={options[key]} onChange={(e) => setOptions({ ...options, [key]: e.target.checked })}>
                  <Space size={4}>
                    {t(`schemaSync.option.${key}`)}
                    {help && (
                      <Tooltip title={t(help)}>
                        <QuestionCircleOutlined style={{ opacity: 0.6 }} />
                      </Tooltip>
                    )}
                  </Space>
                </Checkbox>
              ))}
            </div>
          </>
        )}

        {step === 1 && compared && (noDifferences ? (
          <Result status="success" data-testid="sync-no-differences" title={t('schemaSync.noDifferences')} subTitle={t('schemaSync.noDifferences.detail')} />
        ) : (
          <>
            <Typography.Paragraph type="secondary" data-testid="sync-sql-hint" style={{ marginBottom: 8 }}>
              {t('schemaSync.sqlHint', { source: compared.sourceLabel, target: compared.targetLabel })} {t('schemaSync.ticksReplaceEdits')}
            </Typography.Paragraph>
            {plan && <ChangeList plan={plan} ticked={ticked} onChange={retick} />}
            <SqlEditor key={diffRun} initialValue={sql} onChange={setSql} height={plan && plan.statements.length > 1 ? 220 : 360} />
          </>
        ))}

        {step === 2 && compared && (
          <>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {t('schemaSync.executeHint', { target: compared.targetLabel })}
            </Typography.Paragraph>
            <ResultTable results={results} onRepair={repair} />
          </>
        )}
      </div>
    </Modal>
  );
}
