/**
 * Grant form (admins; issue 13 point 1): a member, a SHARED data source of the team, optionally
 * narrowed to a database, schema, table and columns, the actions and a validity (a date or permanent).
 */
import { useEffect, useState } from 'react';
import { App, Checkbox, DatePicker, Form, Modal, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { supportsDatabase, supportsSchema, type DataSourceSummary, type MemberRow } from '@askdb/contracts';
import { accountApi } from '../auth/account-api';
import { useSession } from '../auth/session';
import { GRANT_ACTIONS, governanceApi, type GrantAction } from './governance-api';
import { useErrorToast } from '../../app/use-error-toast';

interface Values {
  userId: number;
  dataSourceId: number;
  databaseName?: string;
  schemaName?: string;
  tableName?: string;
  columns?: string[];
  actions: GrantAction[];
  validity: 'permanent' | 'until';
  expireAt?: Dayjs;
}
type Opt = { value: string; label: string };
const names = (l: { name: string }[]): Opt[] => l.map((x) => ({ value: x.name, label: x.name }));

export function GrantForm({ open, onClose }: { open: boolean; onClose(granted?: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const orgId = useSession((s) => s.user?.currentOrganization?.id);
  const [form] = Form.useForm<Values>();
  const [members, setMembers] = useState<MemberRow[]>([]);
  const [sources, setSources] = useState<DataSourceSummary[]>([]);
  const [dbs, setDbs] = useState<Opt[]>([]);
  const [schemas, setSchemas] = useState<Opt[]>([]);
  const [tables, setTables] = useState<Opt[]>([]);
  const [columns, setColumns] = useState<Opt[]>([]);
  const [busy, setBusy] = useState(false);
  const v = Form.useWatch([], form) as Partial<Values> | undefined;
  const ds = sources.find((d) => d.id === v?.dataSourceId);
  const hasDb = !!ds && supportsDatabase(ds.type);
  const hasSchema = !!ds && supportsSchema(ds.type);

  useEffect(() => {
    if (!open || orgId == null) return;
    accountApi.members({ organizationId: orgId, pageNo: 1, pageSize: 500 }).then((p) => setMembers(p.data.filter((m) => m.status === 'VALID')), () => setMembers([]));
    governanceApi.dataSources().then((p) => setSources(p.data.filter((d) => d.visibility === 'SHARED')), () => setSources([]));
  }, [open, orgId]);

  const quiet = <T,>(p: Promise<T>, set: (x: T) => void, empty: T) => p.then(set, () => set(empty));
  useEffect(() => {
    setDbs([]);
    if (ds && hasDb) quiet(governanceApi.databases(ds.id).then(names), setDbs, []);
  }, [ds?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    setSchemas([]);
    if (ds && hasSchema && (!hasDb || v?.databaseName)) quiet(governanceApi.schemas(ds.id, v?.databaseName).then(names), setSchemas, []);
  }, [ds?.id, v?.databaseName]); // eslint-disable-line react-hooks/exhaustive-deps
  const tableParentReady = !!ds && (hasSchema ? !!v?.schemaName : hasDb ? !!v?.databaseName : true);
  useEffect(() => {
    setTables([]);
    if (ds && tableParentReady) quiet(governanceApi.tables(ds.id, v?.databaseName, v?.schemaName).then((p) => names(p.data)), setTables, []);
  }, [ds?.id, v?.databaseName, v?.schemaName, tableParentReady]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    setColumns([]);
    if (ds && v?.tableName) quiet(governanceApi.columns(ds.id, v.tableName, v.databaseName, v.schemaName).then(names), setColumns, []);
  }, [ds?.id, v?.tableName]); // eslint-disable-line react-hooks/exhaustive-deps

  /** Narrowing a level clears the levels below it. */
  const onValuesChange = (changed: Partial<Values>) => {
    if ('dataSourceId' in changed) form.setFieldsValue({ databaseName: undefined, schemaName: undefined, tableName: undefined, columns: undefined });
    if ('databaseName' in changed) form.setFieldsValue({ schemaName: undefined, tableName: undefined, columns: undefined });
    if ('schemaName' in changed) form.setFieldsValue({ tableName: undefined, columns: undefined });
    if ('tableName' in changed) form.setFieldsValue({ columns: undefined });
  };

  const submit = async () => {
    const x = await form.validateFields();
    setBusy(true);
    try {
      await governanceApi.grant({
        userId: x.userId,
        dataSourceId: x.dataSourceId,
        databaseName: x.databaseName || undefined,
        schemaName: x.schemaName || undefined,
        tableName: x.tableName || undefined,
        columns: x.columns?.length ? x.columns : undefined,
        actions: x.actions,
        expireAt: x.validity === 'until' && x.expireAt ? x.expireAt.endOf('day').toDate().toISOString() : null,
      });
      message.success(t('perm.grant.done'));
      onClose(true);
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={t('perm.grant.title')} okText={t('perm.grant.submit')} cancelText={t('perm.cancel')} onOk={() => void submit()} onCancel={() => onClose()} confirmLoading={busy} destroyOnHidden width={620} okButtonProps={{ 'data-testid': 'grant-submit' }} data-testid="grant-form">
      <Form form={form} layout="vertical" preserve={false} initialValues={{ actions: ['READ'], validity: 'permanent' }} onValuesChange={onValuesChange}>
        <Form.Item name="userId" label={t('perm.member')} rules={[{ required: true, message: t('perm.grant.memberRequired') }]}>
          <Select showSearch optionFilterProp="label" options={members.map((m) => ({ value: m.userId, label: m.email ? `${m.name} (${m.email})` : m.name }))} data-testid="grant-member" />
        </Form.Item>
        <Form.Item name="dataSourceId" label={t('perm.grant.sharedDataSource')} rules={[{ required: true, message: t('perm.apply.dataSourceRequired') }]} extra={!sources.length ? t('perm.grant.noShared') : undefined}>
          <Select showSearch optionFilterProp="label" options={sources.map((d) => ({ value: d.id, label: d.alias }))} data-testid="grant-data-source" />
        </Form.Item>
        {hasDb && (
          <Form.Item name="databaseName" label={t('perm.database')}>
            <Select allowClear showSearch options={dbs} placeholder={t('perm.grant.all')} data-testid="grant-database" />
          </Form.Item>
        )}
        {hasSchema && (
          <Form.Item name="schemaName" label={t('perm.schema')}>
            <Select allowClear showSearch options={schemas} placeholder={t('perm.grant.all')} disabled={hasDb && !v?.databaseName} data-testid="grant-schema" />
          </Form.Item>
        )}
        {ds && (
          <Form.Item name="tableName" label={t('perm.table')}>
            <Select allowClear showSearch options={tables} placeholder={t('perm.grant.all')} disabled={!tableParentReady} data-testid="grant-table" />
          </Form.Item>
        )}
        {v?.tableName && (
          <Form.Item name="columns" label={t('perm.columns')}>
            <Select mode="multiple" allowClear options={columns} placeholder={t('perm.grant.allColumns')} data-testid="grant-columns" />
          </Form.Item>
        )}
        <Form.Item name="actions" label={t('perm.actions')} rules={[{ required: true, message: t('perm.grant.actionsRequired') }]}>
          <Checkbox.Group options={GRANT_ACTIONS.map((a) => ({ value: a, label: t(`perm.action.${a}`) }))} data-testid="grant-actions" />
        </Form.Item>
        <Form.Item name="validity" label={t('perm.validity')}>
          <Radio.Group data-testid="grant-validity">
            <Radio value="permanent">{t('perm.permanent')}</Radio>
            <Radio value="until">{t('perm.grant.until')}</Radio>
          </Radio.Group>
        </Form.Item>
        {v?.validity === 'until' && (
          <Form.Item name="expireAt" label={t('perm.grant.expiry')} rules={[{ required: true, message: t('perm.grant.expiryRequired') }]}>
            <DatePicker disabledDate={(d) => d.isBefore(new Date(), 'day')} data-testid="grant-expiry" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
