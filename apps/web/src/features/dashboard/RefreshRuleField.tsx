/** Refresh rule input (spec 02 §3): never / every N minutes / every day at HH:MM / cron, with the server's check and next five runs. */
import { useEffect, useState } from 'react';
import { Input, InputNumber, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REFRESH_KINDS, type RefreshRule } from '@askdb/contracts';
import { dashboardApi } from './api';

export interface RefreshRuleFieldProps {
  value: RefreshRule;
  onChange(rule: RefreshRule): void;
}

export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function RefreshRuleField({ value, onChange }: RefreshRuleFieldProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<{ runs: string[]; error: string | null }>({ runs: [], error: null });

  useEffect(() => {
    if (value.kind === 'NEVER') return setPreview({ runs: [], error: null });
    const timer = setTimeout(() => {
      dashboardApi.previewRule(value).then((runs) => setPreview({ runs, error: null }), (e: Error) => setPreview({ runs: [], error: e.message }));
    }, 300);
    return () => clearTimeout(timer);
  }, [value]);

  const set = (patch: Partial<RefreshRule>) => onChange({ ...value, ...patch });
  return (
    <div data-testid="refresh-rule">
      <Segmented
        value={value.kind} data-testid="refresh-kind"
        options={REFRESH_KINDS.map((k) => ({ value: k, label: t(`dashboard.refresh.${k}`) }))}
        onChange={(kind) => onChange({ kind: kind as RefreshRule['kind'], minutes: kind === 'MINUTES' ? value.minutes ?? 30 : undefined, time: kind === 'DAILY' ? value.time ?? '08:00' : undefined, cron: kind === 'CRON' ? value.cron ?? '0 * * * *' : undefined, timezone: kind === 'DAILY' || kind === 'CRON' ? localZone() : undefined })}
      />
      <div style={{ marginTop: 8 }}>
        {value.kind === 'MINUTES' && <Space><InputNumber min={1} max={1440} value={value.minutes} onChange={(m) => set({ minutes: m ?? undefined })} data-testid="refresh-minutes" /> {t('dashboard.refresh.minutes')}</Space>}
        {value.kind === 'DAILY' && <Input style={{ width: 120 }} placeholder="08:00" value={value.time} onChange={(e) => set({ time: e.target.value })} data-testid="refresh-time" />}
        {value.kind === 'CRON' && <Input placeholder="*/15 * * * *" value={value.cron} onChange={(e) => set({ cron: e.target.value })} data-testid="refresh-cron" addonAfter={value.timezone} />}
        {value.kind === 'CRON' && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('dashboard.refresh.cronHint')}</Typography.Text>}
      </div>
      {preview.error && <Typography.Text type="danger" data-testid="refresh-error">{preview.error}</Typography.Text>}
      {preview.runs.length > 0 && (
        <div className="askdb-next-runs" data-testid="refresh-next">
          <Typography.Text type="secondary">{t('dashboard.refresh.next')}:</Typography.Text>
          {preview.runs.map((r) => <div key={r}>{new Date(r).toLocaleString()}</div>)}
        </div>
      )}
    </div>
  );
}
