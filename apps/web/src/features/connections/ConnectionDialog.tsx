/**
 * New / edit connection dialog. "Test connection" shows the server's exact message; "Save" tests
 * first and saves nothing when the test fails unless the user asks to save anyway.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Form, Modal, Space, Typography } from 'antd';
import { ErrorDetails } from '../../app/ErrorDetails';
import { useTranslation } from 'react-i18next';
import type { DataSourceSummary } from '@askdb/contracts';
import { api, ApiError } from '../../lib/api';
import { useDialogs } from '../workspace/dialogs-store';
import { useTree } from '../workspace/tree/tree-store';
import { ROOT_KEY } from '../workspace/tree/types';
import { ConnectionFields } from './ConnectionFields';
import { hasDriver, typeInfo } from './connection-types';
import { defaultValues, toInput, typeSwitchPatch, valuesFromSummary, type ConnectionFormValues } from './form-model';

type Result = { ok: true } | { ok: false; message: string; detail?: string; error?: ApiError };

export function ConnectionDialog() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const state = useDialogs((s) => s.connection);
  const [form] = Form.useForm<ConnectionFormValues>();
  const [summary, setSummary] = useState<DataSourceSummary | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const [saveAnyway, setSaveAnyway] = useState(false);
  const [urlTouched, setUrlTouched] = useState(false);
  // Fields the user typed into (or filled from a connection string): a type switch keeps them.
  const typed = useRef(new Set<string>());
  const editing = state?.mode === 'edit';
  const editId = state?.mode === 'edit' ? state.id : undefined;

  useEffect(() => {
    setResult(null);
    setSaveAnyway(false);
    setUrlTouched(false);
    setSummary(null);
    typed.current = new Set();
    if (!state) return;
    if (state.mode === 'create') form.setFieldsValue(defaultValues(state.type));
    else {
      api<DataSourceSummary>(`/api/connection/datasource/${state.id}`).then(
        (s) => {
          setSummary(s);
          form.setFieldsValue(valuesFromSummary(s));
        },
        (e) => setResult({ ok: false, message: (e as Error).message }),
      );
    }
  }, [state, form]);

  const close = () => useDialogs.getState().close('connection');

  const onTypeChange = (type: ConnectionFormValues['type']) => {
    form.setFieldsValue(typeSwitchPatch(form.getFieldsValue(['host', 'port', 'user']), type, typed.current));
    setResult(null);
  };
  const onValuesChange = (changed: Partial<ConnectionFormValues>) => {
    setSaveAnyway(false);
    for (const k of Object.keys(changed)) if (k !== 'type') typed.current.add(k);
  };

  const body = async () => {
    const v = await form.validateFields();
    const input = toInput({ ...defaultValues(v.type), ...form.getFieldsValue(true), ...v }, { editing, urlTouched });
    return editing ? { ...input, id: editId } : input;
  };

  const test = async (): Promise<Result> => {
    try {
      await api('/api/connection/datasource/pre_connect', { body: await body() });
      return { ok: true };
    } catch (e) {
      if (e instanceof ApiError) return { ok: false, message: e.message, detail: e.detail && e.detail !== e.message ? e.detail : undefined, error: e };
      throw e;
    }
  };

  const onTest = async () => {
    setBusy('test');
    setSaveAnyway(false);
    try {
      setResult(await test());
    } catch {
      /* validation errors show on the fields */
    } finally {
      setBusy(null);
    }
  };

  const onSave = async (force = false) => {
    setBusy('save');
    try {
      const input = await body();
      if (!force) {
        const r = await test();
        setResult(r);
        if (!r.ok) {
          setSaveAnyway(true);
          return;
        }
      }
      if (editing) await api('/api/connection/datasource/update', { body: input });
      else await api<number>('/api/connection/datasource/create', { body: { ...input, groupId: state?.mode === 'create' ? state.groupId ?? null : undefined } });
      void message.success(t(editing ? 'conn.updated' : 'conn.created', { name: input.alias }));
      await useTree.getState().refresh(ROOT_KEY);
      // The data source's children may describe a different server now.
      if (editId != null) void useTree.getState().refresh(`ds:${editId}`);
      close();
    } catch (e) {
      if (e instanceof ApiError) setResult({ ok: false, message: e.message, detail: e.detail, error: e });
    } finally {
      setBusy(null);
    }
  };

  const watchedType = Form.useWatch('type', form);
  const typeLabel = typeInfo(watchedType).label;
  // A type without a driver in this build: said in the form at once, never after a connect attempt.
  const noDriver = !!watchedType && !hasDriver(watchedType);
  return (
    <Modal
      open={!!state}
      title={editing ? t('conn.editTitle', { name: summary?.alias ?? '' }) : t('conn.newTitle', { type: typeLabel })}
      onCancel={close}
      width={720}
      centered
      // The body scrolls, never the buttons: at 900 px height Save stays on screen.
      styles={{ body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto', overflowX: 'hidden' } }}
      destroyOnHidden
      maskClosable={false}
      data-testid="connection-dialog"
      footer={
        <div style={{ display: 'flex', alignItems: 'center' }}>
          <Button onClick={onTest} loading={busy === 'test'} disabled={noDriver} data-testid="conn-test">
            {t('conn.test')}
          </Button>
          <Space style={{ marginLeft: 'auto' }}>
            <Button onClick={close}>{t('conn.cancel')}</Button>
            {saveAnyway && (
              <Button danger onClick={() => void onSave(true)} data-testid="conn-save-anyway">
                {t('conn.saveAnyway')}
              </Button>
            )}
            <Button type="primary" onClick={() => void onSave(false)} loading={busy === 'save'} disabled={noDriver} data-testid="conn-save">
              {t('conn.save')}
            </Button>
          </Space>
        </div>
      }
    >
      <div data-testid="connection-form">
        <Form form={form} layout="vertical" requiredMark={false} size="middle" onValuesChange={onValuesChange}>
          <ConnectionFields form={form} editing={editing} hasPassword={!!summary?.hasPassword} onUrlTouched={(filled) => { setUrlTouched(true); for (const k of filled) typed.current.add(k); }} onTypeChange={onTypeChange} />
        </Form>
        {result && (
          <Alert
            data-testid="conn-result"
            type={result.ok ? 'success' : 'error'}
            showIcon
            title={result.ok ? t('conn.testOk') : result.message}
            description={
              !result.ok && (result.detail || saveAnyway || result.error) ? (
                <>
                  {result.detail && <Typography.Text code style={{ whiteSpace: 'pre-wrap' }}>{result.detail}</Typography.Text>}
                  {saveAnyway && <div style={{ marginTop: 4 }}>{t('conn.notSaved')}</div>}
                  {result.error && <div style={{ marginTop: 6 }}><ErrorDetails error={result.error} hideDetail /></div>}
                </>
              ) : undefined
            }
          />
        )}
      </div>
    </Modal>
  );
}
