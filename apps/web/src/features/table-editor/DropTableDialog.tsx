/** Dropping a table needs its name typed (spec 02 §5); a mismatch shows an error and drops nothing. */
import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../workspace/dialogs-store';
import { closeTableTabs, dropSql, refreshTablesFolder, runStatement } from '../workspace/table-actions';

export function DropTableDialog() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const target = useDialogs((s) => s.dropTable);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setTyped('');
    setError(null);
  }, [target]);

  const ok = async () => {
    if (!target) return;
    if (typed !== target.tableName) {
      setError(t('tableEditor.drop.mismatch'));
      return;
    }
    setBusy(true);
    try {
      await runStatement(target, dropSql(target));
      void message.success(t('tableEditor.drop.done', { name: target.tableName }));
      closeTableTabs(target);
      useDialogs.getState().close('dropTable');
      await refreshTablesFolder(target.databaseType, target);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!target}
      title={t('tableEditor.drop.title', { name: target?.tableName ?? '' })}
      onCancel={() => useDialogs.getState().close('dropTable')}
      onOk={ok}
      okText={t('tableEditor.drop.ok')}
      okButtonProps={{ danger: true, 'data-testid': 'drop-table-ok' }}
      confirmLoading={busy}
      destroyOnHidden
      width={480}
    >
      {target && (
        <>
          <Typography.Paragraph>{t('tableEditor.drop.body')}</Typography.Paragraph>
          <pre className="askdb-code" style={{ marginBottom: 12 }}>{dropSql(target)}</pre>
          <Form layout="vertical">
            <Form.Item label={t('tableEditor.drop.typeName', { name: target.tableName })} validateStatus={error ? 'error' : undefined}>
              <Input
                autoFocus
                value={typed}
                onChange={(e) => {
                  setTyped(e.target.value);
                  setError(null);
                }}
                onPressEnter={ok}
                data-testid="drop-table-name"
                placeholder={target.tableName}
              />
            </Form.Item>
          </Form>
          {error && <Alert type="error" showIcon title={error} data-testid="drop-table-error" />}
        </>
      )}
    </Modal>
  );
}
