/** New chat: name (required), description, and either an AI dataset or an Excel/CSV file through the header wizard; then the load's progress bar. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Progress, Radio } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatV2 } from '@askdb/contracts';
import { chatApi, type CreateChat } from './api';
import { DatasetPicker } from './DatasetPicker';
import type { WizardValue } from './ExcelWizard';
import { CHAT_LIST_KEY } from './ChatList';
import { useAiReady } from './ai-ready';

// The Excel header wizard loads when the Excel source is chosen (issue 28 point 4).
const ExcelWizard = lazy(() => import('./ExcelWizard').then((m) => ({ default: m.ExcelWizard })));

interface Values { name: string; description?: string; sourceType: 'DATABASE' | 'EXCEL'; dataset?: CreateChat['dataset'] }

export function CreateChatDialog(props: { open: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [wizard, setWizard] = useState<WizardValue>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [loading, setLoading] = useState<ChatV2>();
  const sourceType = Form.useWatch('sourceType', form) ?? 'DATABASE';
  const aiReady = useAiReady();

  useEffect(() => {
    if (!props.open) {
      form.resetFields();
      setWizard(undefined);
      setError(undefined);
      setLoading(undefined);
    }
  }, [props.open, form]);

  // While the file loads: its progress, until READY (then open the chat) or FAIL (say why).
  useEffect(() => {
    if (!loading || loading.excel?.status !== 'LOADING') return;
    const timer = setTimeout(() => {
      chatApi.brief(loading.id).then((b) => {
        setLoading(b);
        if (b.excel?.status === 'READY') {
          void qc.invalidateQueries({ queryKey: CHAT_LIST_KEY });
          props.onCreated(b.id);
        }
      }, (e: Error) => setError(e.message));
    }, 400);
    return () => clearTimeout(timer);
  }, [loading, qc, props]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (v.sourceType === 'EXCEL' && !wizard) {
      setError(t('chatv2.upload'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const chat = await chatApi.create({ name: v.name, description: v.description || undefined, sourceType: v.sourceType, ...(v.sourceType === 'DATABASE' ? { dataset: v.dataset } : { uploadId: wizard!.uploadId, header: wizard!.header }) });
      if (chat.sourceType === 'EXCEL') setLoading(chat);
      else {
        await qc.invalidateQueries({ queryKey: CHAT_LIST_KEY });
        props.onCreated(chat.id);
      }
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const excel = loading?.excel;
  return (
    <Modal open={props.open} title={t('chatv2.new')} width={800} onCancel={props.onClose} onOk={() => void submit()} okText={t('chatv2.create')} cancelText={t('chatv2.cancel')}
      confirmLoading={busy || excel?.status === 'LOADING'} okButtonProps={{ disabled: !!loading && excel?.status !== 'FAIL', 'data-testid': 'named-chat-create' } as never} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ sourceType: 'DATABASE' }} disabled={!!loading}>
        <Form.Item name="name" label={t('chatv2.name')} rules={[{ required: true, whitespace: true, message: t('chatv2.required') }]}>
          <Input maxLength={255} data-testid="named-chat-name" />
        </Form.Item>
        <Form.Item name="description" label={t('chatv2.description')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        <Form.Item name="sourceType" label={t('chatv2.dataset')}>
          <Radio.Group options={[{ value: 'DATABASE', label: t('chatv2.source.DATABASE') }, { value: 'EXCEL', label: t('chatv2.source.EXCEL') }]} data-testid="named-chat-source" />
        </Form.Item>
        {sourceType === 'DATABASE' ? (
          <Form.Item name="dataset" rules={[{ required: true, message: t('chatv2.required') }]}>
            <DatasetPicker />
          </Form.Item>
        ) : (
          <>
            {/* Issue 25 point 5: no model → say so before the upload, and how the file can still be queried. */}
            {aiReady === false && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('chatv2.noModel')} data-testid="named-chat-no-model" />}
            <Suspense fallback={null}><ExcelWizard onChange={setWizard} /></Suspense>
          </>
        )}
      </Form>
      {excel && (
        <div data-testid="excel-load-progress" style={{ marginTop: 12 }}>
          <Progress percent={Math.round(excel.progress)} status={excel.status === 'FAIL' ? 'exception' : excel.status === 'READY' ? 'success' : 'active'} />
          <div>{excel.status === 'READY' ? t('chatv2.loaded', { rows: excel.rowsLoaded, tables: excel.tables.map((x) => x.name).join(', ') }) : excel.status === 'FAIL' ? (excel.error ?? t('chatv2.loadFailed')) : t('chatv2.loading', { rows: excel.rowsLoaded })}</div>
        </div>
      )}
      {error && <Alert style={{ marginTop: 12 }} type="error" showIcon message={error} />}
    </Modal>
  );
}
