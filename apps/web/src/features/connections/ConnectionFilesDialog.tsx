/**
 * Connection files (issue 18 point 4): export my connections as an AskDB file (secrets only when
 * asked, sealed with a passphrase) and import AskDB, Navicat, DBeaver, DataGrip or Chat2DB files —
 * first a check that lists what will be imported and what is skipped and why, then the import.
 */
import { useState } from 'react';
import { App, Button, Checkbox, Input, List, Modal, Space, Tabs, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ConnectionImportResult } from '@askdb/contracts';
import { connectionFileApi } from '../tasks/api';
import { downloadText } from '../../lib/download';
import { useErrorToast } from '../../app/use-error-toast';
import { openConnectionFiles, useConnectionFilesOpen } from './connection-files-open';

const useOpen = useConnectionFilesOpen;
export { openConnectionFiles };

export function ConnectionFilesDialog() {
  const { t } = useTranslation();
  const open = useOpen((s) => s.open);
  if (!open) return null;
  return (
    <Modal open width={680} footer={null} title={t('conn.files.title')} onCancel={() => useOpen.getState().set(false)} data-testid="connection-files">
      <Tabs items={[{ key: 'import', label: t('conn.files.import'), children: <ImportPane /> }, { key: 'export', label: t('conn.files.export'), children: <ExportPane /> }]} />
    </Modal>
  );
}

function ExportPane() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [withSecrets, setWithSecrets] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const run = async () => {
    try {
      const file = await connectionFileApi.exportFile({ withSecrets, passphrase: withSecrets ? passphrase : undefined });
      downloadText(JSON.stringify(file, null, 2), `askdb-connections-${new Date().toISOString().slice(0, 10)}.json`, 'application/json');
    } catch (e) {
      void showError(e);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Checkbox checked={withSecrets} onChange={(e) => setWithSecrets(e.target.checked)} data-testid="export-secrets">{t('conn.files.withSecrets')}</Checkbox>
      {withSecrets && <Input.Password value={passphrase} onChange={(e) => setPassphrase(e.target.value)} placeholder={t('conn.files.passphrase')} addonAfter={<Typography.Text type="secondary">{t('conn.files.passphraseHint')}</Typography.Text>} />}
      <Button type="primary" onClick={run} disabled={withSecrets && passphrase.length < 8} data-testid="export-connections">{t('conn.files.exportNow')}</Button>
    </Space>
  );
}

function ImportPane() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [content, setContent] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [credentials, setCredentials] = useState<{ name: string; b64: string } | null>(null);
  const [checked, setChecked] = useState<ConnectionImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (dryRun: boolean) => {
    if (content === null) return;
    setBusy(true);
    try {
      const r = await connectionFileApi.importFile({ content, passphrase: passphrase || undefined, credentials: credentials?.b64, dryRun });
      setChecked(r);
      if (!dryRun) {
        void message.success(t('conn.files.done', { count: r.imported.length }));
        const done = useOpen.getState().onImported;
        useOpen.getState().set(false);
        done?.();
      }
    } catch (e) {
      void showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Upload.Dragger showUploadList={false} accept=".json,.ncx,.xml,.dbp" data-testid="connection-file"
        beforeUpload={(f) => {
          void f.text().then((text) => {
            setContent(text);
            setName(f.name);
            setChecked(null);
          });
          return false;
        }}>
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p>{name || t('conn.files.pick')}</p>
      </Upload.Dragger>
      <Input.Password value={passphrase} onChange={(e) => setPassphrase(e.target.value)} placeholder={t('conn.files.passphrase')} />
      <Upload showUploadList={false} accept=".json,.xml"
        beforeUpload={(f) => {
          void f.arrayBuffer().then((buf) => {
            let bin = '';
            new Uint8Array(buf).forEach((b) => { bin += String.fromCharCode(b); });
            setCredentials({ name: f.name, b64: btoa(bin) });
            setChecked(null);
          });
          return false;
        }}>
        <Button size="small">{credentials ? credentials.name : t('conn.files.dbeaverCredentials')}</Button>
      </Upload>
      <Space>
        <Button onClick={() => send(true)} disabled={content === null} loading={busy} data-testid="connection-file-check">{t('conn.files.check')}</Button>
        <Button type="primary" onClick={() => send(false)} disabled={!checked || checked.imported.length === 0} loading={busy} data-testid="connection-file-import">{t('conn.files.importNow', { count: checked?.imported.length ?? 0 })}</Button>
      </Space>
      {checked && (
        <>
          <Typography.Text type="secondary">{t('conn.files.kind', { kind: checked.kind })}</Typography.Text>
          <List size="small" header={t('conn.files.willImport')} dataSource={checked.imported} data-testid="connection-file-list"
            renderItem={(c) => <List.Item>{c.alias} <Typography.Text type="secondary">{c.type} {c.host ?? ''}{c.port ? `:${c.port}` : ''} {c.databaseName ?? ''}</Typography.Text></List.Item>} />
          {checked.skipped.length > 0 && (
            <List size="small" header={t('conn.files.skipped')} dataSource={checked.skipped} data-testid="connection-file-skipped"
              renderItem={(s) => <List.Item>{s.name}: <Typography.Text type="warning">{s.reason}</Typography.Text></List.Item>} />
          )}
          {checked.skippedFields.length > 0 && (
            <List size="small" header={t('conn.files.skippedFields')} dataSource={checked.skippedFields}
              renderItem={(s) => <List.Item>{s.connection} · {s.field}: <Typography.Text type="secondary">{s.reason}</Typography.Text></List.Item>} />
          )}
        </>
      )}
    </Space>
  );
}
