/** AI chart (spec 02 §3, §8): a question over the dashboard's dataset → a proposed chart the user accepts into the editor, or "No chart matched, please retry". */
import { useState } from 'react';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@askdb/contracts';
import { dashboardApi } from './api';
import { ChartView } from './ChartView';
import type { ChartDraft } from './ChartEditor';

export interface AiChartDialogProps {
  dashboard: Dashboard;
  onClose(draft: ChartDraft | null): void;
}

export function AiChartDialog({ dashboard, onClose }: AiChartDialogProps) {
  const { t } = useTranslation();
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<ChartDraft | null>(null);

  const ask = async () => {
    if (!question.trim()) return setError(t('dashboard.required'));
    setBusy(true);
    setError(null);
    setDraft(null);
    try {
      const p = await dashboardApi.ai(dashboard.id, question.trim());
      setDraft({ name: p.name, type: p.type, sql: p.sql, settings: p.settings, dataSourceId: p.dataSourceId === dashboard.dataset.dataSourceId ? null : p.dataSourceId, databaseName: p.databaseName, schemaName: p.schemaName, result: p.result });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open width={820} title={t('dashboard.ai.title')} onCancel={() => onClose(null)} maskClosable={false}
      footer={[
        <Button key="cancel" onClick={() => onClose(null)}>{t('dashboard.cancel')}</Button>,
        <Button key="accept" type="primary" disabled={!draft} onClick={() => onClose(draft)} data-testid="ai-accept">{t('dashboard.ai.accept')}</Button>,
      ]}
    >
      <Space.Compact block>
        <Input data-testid="ai-question" placeholder={t('dashboard.ai.placeholder')} value={question} onChange={(e) => setQuestion(e.target.value)} onPressEnter={() => void ask()} maxLength={4000} />
        <Button type="primary" loading={busy} onClick={() => void ask()} data-testid="ai-generate">{draft || error ? t('dashboard.ai.retry') : t('dashboard.ai.generate')}</Button>
      </Space.Compact>
      {error && <Alert style={{ marginTop: 12 }} type="error" showIcon message={error} data-testid="ai-error" />}
      {draft && (
        <div style={{ marginTop: 12 }}>
          <pre className="askdb-ai-sql" data-testid="ai-sql">{draft.sql}</pre>
          <div className="askdb-chart-preview">{draft.result && <ChartView type={draft.type} settings={draft.settings} result={draft.result} dark={document.documentElement.dataset.theme === 'dark'} />}</div>
        </div>
      )}
    </Modal>
  );
}
