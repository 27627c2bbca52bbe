/** Settings → Service address: the AskDB service this app talks to, and a check / switch to another one. */
import { useState } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function ServiceAddress() {
  const { t } = useTranslation();
  const [addr, setAddr] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const valid = /^https?:\/\/[^\s/]+/i.test(addr.trim());
  const base = addr.trim().replace(/\/+$/, '');
  const test = async () => {
    if (!valid) return setResult({ ok: false, text: t('service.invalid') });
    try {
      const r = await fetch(`${base}/api/system`, { signal: AbortSignal.timeout(5000) });
      const env = (await r.json()) as { success: boolean; data?: { version: string; mode: string } };
      if (!env.success || !env.data) throw new Error(`HTTP ${r.status}`);
      setResult({ ok: true, text: t('service.ok', { version: env.data.version, mode: env.data.mode }) });
    } catch (e) {
      setResult({ ok: false, text: t('service.fail', { error: (e as Error).message }) });
    }
  };
  return (
    <div data-testid="settings-service">
      <Typography.Paragraph>{t('service.current')}</Typography.Paragraph>
      <Typography.Paragraph copyable code data-testid="service-current">{window.location.origin}</Typography.Paragraph>
      <Typography.Title level={5}>{t('service.other')}</Typography.Title>
      <Space.Compact style={{ width: '100%', maxWidth: 520 }}>
        <Input placeholder="https://askdb.example.com" value={addr} onChange={(e) => { setAddr(e.target.value); setResult(null); }} data-testid="service-address" />
        <Button onClick={() => void test()}>{t('service.test')}</Button>
        <Button type="primary" disabled={!valid} onClick={() => window.location.assign(base)}>{t('service.open')}</Button>
      </Space.Compact>
      {result && <Typography.Paragraph type={result.ok ? 'success' : 'danger'} style={{ marginTop: 8 }}>{result.text}</Typography.Paragraph>}
    </div>
  );
}
