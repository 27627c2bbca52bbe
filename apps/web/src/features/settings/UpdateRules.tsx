/**
 * Settings → Update rules (spec 02 §2): three modes — remind only; download then remind; download
 * automatically and install after restart — and the states checking, no new version, new version
 * ready, downloading with progress, updated to the latest version. The operator sets the feed URL.
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Input, Progress, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useSession } from '../auth/session';
import { useErrorToast } from '../../app/use-error-toast';

export type UpdateMode = 'remind' | 'download' | 'auto';
type State =
  | { s: 'idle' } | { s: 'checking' } | { s: 'none'; version: string } | { s: 'available'; version: string; url: string | null; notes: string | null }
  | { s: 'downloading'; version: string; percent: number } | { s: 'ready'; version: string } | { s: 'updated'; version: string } | { s: 'noFeed' } | { s: 'error'; error: string };
interface Check { current: string; feedConfigured: boolean; latest: { version: string; url: string | null; notes: string | null } | null; hasUpdate: boolean }

const MODE_KEY = 'askdb.update.mode';
const SEEN_KEY = 'askdb.update.lastVersion';
/** Spec 01 §9 defaults: remind and auto-download on, auto-install off — "download it, then remind me". */
export const updateMode = (): UpdateMode => (['remind', 'download', 'auto'].includes(localStorage.getItem(MODE_KEY) ?? '') ? (localStorage.getItem(MODE_KEY) as UpdateMode) : 'download');

/**
 * Downloads the release with progress (the body is only counted: the installed app updates itself on
 * restart). Through our own server, which fetches the address the feed names: the app's CSP allows no
 * other origin.
 */
async function download(_url: string, onProgress: (p: number) => void): Promise<void> {
  const r = await fetch('/api/system/update/download', { cache: 'no-store' });
  if (!r.ok || !r.body) throw new Error(`HTTP ${r.status}`);
  const total = Number(r.headers.get('content-length') ?? 0);
  const reader = r.body.getReader();
  let got = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    got += value.length;
    if (total) onProgress(Math.min(99, Math.round((got / total) * 100)));
  }
  onProgress(100);
}

export function UpdateRules() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const operator = useSession((s) => !!s.user?.isOperator || s.system?.mode === 'local');
  const [mode, setMode] = useState<UpdateMode>(updateMode);
  const [state, setState] = useState<State>({ s: 'idle' });
  const [feed, setFeed] = useState('');

  const fetchRelease = useCallback(async (version: string, url: string) => {
    setState({ s: 'downloading', version, percent: 0 });
    try {
      await download(url, (percent) => setState({ s: 'downloading', version, percent }));
      setState({ s: 'ready', version });
    } catch (e) {
      setState({ s: 'error', error: (e as Error).message });
    }
  }, []);

  const check = useCallback(async () => {
    setState({ s: 'checking' });
    try {
      const c = await api<Check>('/api/system/update/check');
      if (!c.feedConfigured) return setState({ s: 'noFeed' });
      const seen = localStorage.getItem(SEEN_KEY);
      localStorage.setItem(SEEN_KEY, c.current);
      if (!c.hasUpdate || !c.latest) return setState(seen && seen !== c.current ? { s: 'updated', version: c.current } : { s: 'none', version: c.current });
      const m = updateMode();
      if (m !== 'remind' && c.latest.url) return void fetchRelease(c.latest.version, c.latest.url);
      setState({ s: 'available', ...c.latest });
    } catch (e) {
      setState({ s: 'error', error: (e as Error).message });
    }
  }, [fetchRelease]);

  useEffect(() => {
    void check();
    if (operator) api<{ url: string | null }>('/api/system/update/feed').then((f) => setFeed(f.url ?? ''), () => {});
  }, [check, operator]);

  const text =
    state.s === 'idle' ? '' : state.s === 'error' ? t('update.state.error', { error: state.error }) : t(`update.state.${state.s}`, { version: 'version' in state ? state.version : '', percent: 'percent' in state ? state.percent : 0 });
  return (
    <div data-testid="settings-update">
      <Typography.Paragraph strong>{t('update.mode')}</Typography.Paragraph>
      <Radio.Group value={mode} onChange={(e) => { localStorage.setItem(MODE_KEY, e.target.value); setMode(e.target.value); }} data-testid="update-mode">
        <Space direction="vertical">
          <Radio value="remind">{t('update.mode.remind')}</Radio>
          <Radio value="download">{t('update.mode.download')}</Radio>
          <Radio value="auto">{t('update.mode.auto')}</Radio>
        </Space>
      </Radio.Group>
      <div style={{ marginTop: 16 }}>
        <Space>
          <Button onClick={() => void check()} loading={state.s === 'checking'} data-testid="update-check">{t('update.check')}</Button>
          {state.s === 'available' && state.url && <Button onClick={() => void fetchRelease(state.version, state.url!)}>{t('update.download')}</Button>}
          {state.s === 'ready' && mode !== 'auto' && <Button type="primary" onClick={() => window.location.reload()}>{t('update.restart')}</Button>}
        </Space>
        <Typography.Paragraph style={{ marginTop: 8 }} data-testid="update-state">{text}</Typography.Paragraph>
        {state.s === 'downloading' && <Progress percent={state.percent} style={{ maxWidth: 360 }} />}
        {state.s === 'available' && state.notes && <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>{state.notes}</Typography.Paragraph>}
      </div>
      {operator && (
        <div style={{ marginTop: 16 }}>
          <Typography.Paragraph strong>{t('update.feed')}</Typography.Paragraph>
          <Space.Compact style={{ width: '100%', maxWidth: 520 }}>
            <Input value={feed} onChange={(e) => setFeed(e.target.value)} placeholder="https://example.com/askdb/versions.json" data-testid="update-feed" />
            <Button onClick={() => api('/api/system/update/feed', { body: { url: feed.trim() || null } }).then(() => { message.success(t('update.feedSaved')); void check(); }, (e: Error) => showError(e))}>{t('update.feedSave')}</Button>
          </Space.Compact>
        </div>
      )}
    </div>
  );
}
