/**
 * The apply form (spec 02 §3 "Permission request payload"): data permission or running a script on
 * a data source of the team, with a reason; prefilled from a refusal or empty from the apply list.
 */
import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApprovalScopeItem, DataSourceSummary } from '@askdb/contracts';
import { governanceApi, type ApplyInput, type ApplyPrefill } from './governance-api';
import { ScopeTables } from './ScopeTables';
import { ValiditySelect, validityToIso } from './ValiditySelect';
import { useErrorToast } from '../../app/use-error-toast';

interface Props {
  prefill: ApplyPrefill | null;
  onClose(sent?: boolean): void;
}

export function ApplyForm({ prefill, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<ApplyInput>();
  const [sources, setSources] = useState<DataSourceSummary[]>([]);
  const [busy, setBusy] = useState(false);
  const applyType = Form.useWatch('applyType', form);
  // What was refused (issue 25 point 6): the tables and columns, and how long the grant should last.
  const [tables, setTables] = useState<ApprovalScopeItem[]>([]);
  const [validity, setValidity] = useState('d30');

  useEffect(() => {
    if (!prefill) return;
    setTables(prefill.tables ?? []);
    setValidity('d30');
    governanceApi.dataSources().then((p) => setSources(p.data), () => setSources([]));
  }, [prefill]);

  const options = sources.map((d) => ({ value: d.id, label: d.alias }));
  if (prefill?.dataSourceId && !sources.some((d) => d.id === prefill.dataSourceId)) options.unshift({ value: prefill.dataSourceId, label: prefill.dataSourceName ?? `#${prefill.dataSourceId}` });

  const submit = async () => {
    const v = await form.validateFields();
    const name = sources.find((d) => d.id === v.dataSourceId)?.alias ?? prefill?.dataSourceName;
    setBusy(true);
    try {
      await governanceApi.apply({
        applyType: v.applyType,
        dataSourceId: v.dataSourceId,
        dataSourceName: name,
        databaseName: v.databaseName?.trim() || undefined,
        schemaName: v.schemaName?.trim() || undefined,
        script: v.applyType === 'script' ? v.script : undefined,
        reason: v.reason.trim(),
        ...(v.applyType === 'data' ? { tables, expireAt: validityToIso(validity) } : {}),
      });
      message.success(t('perm.apply.sent'));
      onClose(true);
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!prefill}
      title={t('perm.apply.title')}
      okText={t('perm.apply.submit')}
      cancelText={t('perm.cancel')}
      onOk={() => void submit()}
      onCancel={() => onClose()}
      confirmLoading={busy}
      destroyOnHidden
      width={600}
      okButtonProps={{ 'data-testid': 'apply-submit' }}
      data-testid="apply-form"
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ ...prefill, applyType: prefill?.applyType ?? 'data', reason: '' }}>
        <Form.Item name="applyType" label={t('perm.apply.type')}>
          <Radio.Group data-testid="apply-type">
            <Radio value="data">{t('perm.apply.typeData')}</Radio>
            <Radio value="script">{t('perm.apply.typeScript')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="dataSourceId" label={t('perm.dataSource')} rules={[{ required: true, message: t('perm.apply.dataSourceRequired') }]}>
          <Select showSearch optionFilterProp="label" options={options} placeholder={t('perm.apply.pickDataSource')} data-testid="apply-data-source" />
        </Form.Item>
        <Form.Item name="databaseName" label={t('perm.database')}>
          <Input allowClear placeholder={t('perm.optional')} data-testid="apply-database" />
        </Form.Item>
        <Form.Item name="schemaName" label={t('perm.schema')}>
          <Input allowClear placeholder={t('perm.optional')} data-testid="apply-schema" />
        </Form.Item>
        {applyType !== 'script' && (
          <>
            <Form.Item label={t('perm.scope.label')}>
              <ScopeTables items={tables} onChange={setTables} canAdd testId="apply-tables" />
            </Form.Item>
            <Form.Item label={t('perm.validity')}>
              <ValiditySelect value={validity} onChange={setValidity} testId="apply-validity" />
            </Form.Item>
          </>
        )}
        {applyType === 'script' && (
          <Form.Item name="script" label={t('perm.apply.script')} rules={[{ required: true, whitespace: true, message: t('perm.apply.scriptRequired') }]}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} className="askdb-perm-mono" data-testid="apply-script" />
          </Form.Item>
        )}
        <Form.Item name="reason" label={t('perm.apply.reason')} rules={[{ required: true, whitespace: true, message: t('perm.apply.reasonRequired') }, { max: 1000 }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} showCount maxLength={1000} placeholder={t('perm.apply.reasonPlaceholder')} data-testid="apply-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
