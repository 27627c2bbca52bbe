/** Settings → About: version, mode, install as an app (PWA), licences of the bundled libraries (public/licences.json). */
import { useEffect, useMemo, useState } from 'react';
import { Button, Input, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { installPrompt, isStandalone, onInstallable } from '../../lib/pwa';

interface Lib { name: string; version: string; licence: string; homepage: string | null }

export function AboutSection({ system }: { system?: { version: string; mode: string } }) {
  const { t } = useTranslation();
  const [libs, setLibs] = useState<Lib[]>([]);
  const [q, setQ] = useState('');
  const [canInstall, setCanInstall] = useState(!!installPrompt());
  useEffect(() => onInstallable(() => setCanInstall(!!installPrompt())), []);
  useEffect(() => {
    fetch('/licences.json').then((r) => (r.ok ? r.json() : []), () => []).then((l: Lib[]) => setLibs(Array.isArray(l) ? l : []), () => {});
  }, []);
  const shown = useMemo(() => libs.filter((l) => !q || l.name.toLowerCase().includes(q.toLowerCase()) || l.licence.toLowerCase().includes(q.toLowerCase())), [libs, q]);
  return (
    <div data-testid="settings-about">
      <Typography.Title level={4}>AskDB</Typography.Title>
      <Typography.Paragraph data-testid="about-version">{t('settings.version', { version: system?.version ?? '' })}</Typography.Paragraph>
      <Typography.Paragraph>{t('settings.mode', { mode: system?.mode === 'server' ? t('shell.mode.server') : t('shell.mode.local') })}</Typography.Paragraph>
      {isStandalone() ? (
        <Typography.Paragraph type="secondary">{t('about.installed')}</Typography.Paragraph>
      ) : (
        canInstall && <Button onClick={() => void installPrompt()?.prompt()} data-testid="about-install">{t('about.install')}</Button>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>{t('about.licences')}</Typography.Title>
      <Typography.Paragraph type="secondary" data-testid="about-licence-count">{t('about.licencesIntro', { count: libs.length })}</Typography.Paragraph>
      <Input.Search allowClear placeholder={t('about.search')} value={q} onChange={(e) => setQ(e.target.value)} style={{ width: 260, marginBottom: 8 }} />
      <Table<Lib>
        size="small"
        rowKey={(l) => `${l.name}@${l.version}`}
        dataSource={shown}
        pagination={{ pageSize: 10, showSizeChanger: false, size: 'small' }}
        columns={[
          { title: t('about.package'), render: (_, l) => (l.homepage && /^https?:\/\//.test(l.homepage) ? <a href={l.homepage} target="_blank" rel="noreferrer noopener">{l.name}</a> : l.name) },
          { title: 'Version', dataIndex: 'version', width: 110 },
          { title: t('about.licence'), dataIndex: 'licence', width: 180 },
        ]}
      />
    </div>
  );
}
