/** The fields of the connection dialog per database type: general, SSH, SSL, driver options (spec 02 §3 labels). */
import { Alert, Button, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Switch, Tabs, type FormInstance } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONNECTION_TYPES, hasDriver, typeInfo } from './connection-types';
import { parseConnectionString } from './connection-string';
import type { ConnectionFormValues } from './form-model';

interface Props {
  form: FormInstance<ConnectionFormValues>;
  editing: boolean;
  hasPassword: boolean;
  /** The connection string changed; `filled` names the fields it set. */
  onUrlTouched(filled: string[]): void;
  onTypeChange(type: ConnectionFormValues['type']): void;
}

export function ConnectionFields({ form, editing, hasPassword, onUrlTouched, onTypeChange }: Props) {
  const { t } = useTranslation();
  const type = Form.useWatch('type', form);
  const auth = Form.useWatch('auth', form);
  const sshEnabled = Form.useWatch(['ssh', 'enabled'], form);
  const sshAuth = Form.useWatch(['ssh', 'authType'], form);
  const sslMode = Form.useWatch(['ssl', 'mode'], form);
  const info = typeInfo(type);
  const required = [{ required: true, message: t('conn.required') }];

  const fillFromUrl = (url: string) => {
    const p = parseConnectionString(url);
    if (!p) return onUrlTouched([]);
    const patch: Partial<ConnectionFormValues> = {};
    if (p.host) patch.host = p.host;
    if (p.port) patch.port = p.port;
    if (p.user) patch.user = p.user;
    if (p.password) patch.password = p.password;
    if (p.databaseName) patch.databaseName = p.databaseName;
    if (p.user || p.password) patch.auth = 'password';
    const opts = Object.entries(p.options).map(([key, value]) => ({ key, value }));
    if (opts.length) patch.options = opts;
    form.setFieldsValue(patch);
    onUrlTouched(Object.keys(patch));
  };

  const general = (
    <>
      <Row gutter={12}>
        <Col span={14}>
          <Form.Item name="alias" label={t('conn.name')} rules={required}>
            <Input data-testid="conn-alias" placeholder={t('conn.namePlaceholder')} maxLength={255} />
          </Form.Item>
        </Col>
        <Col span={10}>
          <Form.Item name="type" label={t('conn.type')}>
            <Select
              data-testid="conn-type"
              disabled={editing}
              showSearch={{ optionFilterProp: 'label' }}
              options={CONNECTION_TYPES.map((c) => ({ value: c.type, label: c.label }))}
              onChange={onTypeChange}
            />
          </Form.Item>
        </Col>
      </Row>
      {!hasDriver(type) && <Alert type="warning" showIcon style={{ marginBottom: 12 }} data-testid="conn-no-driver" title={t('conn.noDriver', { type: info.label })} />}
      {info.kind === 'file' ? (
        <Form.Item name="filePath" label={t('conn.filePath')} rules={required} extra={t('conn.filePathHelp')}>
          <Input data-testid="conn-file" placeholder={type === 'DUCKDB' ? '/path/to/data.duckdb' : '/path/to/data.sqlite'} />
        </Form.Item>
      ) : (
        <>
          <Form.Item name="url" label={t('conn.url')} extra={t('conn.urlHelp')}>
            <Input data-testid="conn-url" placeholder={`${info.scheme ?? 'scheme'}://user:password@host:${info.port ?? 'port'}/database`} onChange={(e) => fillFromUrl(e.target.value)} />
          </Form.Item>
          <Row gutter={12}>
            <Col span={16}>
              <Form.Item name="host" label={t('conn.host')} rules={required}>
                <Input data-testid="conn-host" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="port" label={t('conn.port')}>
                <InputNumber data-testid="conn-port" min={1} max={65535} style={{ width: '100%' }} placeholder={String(info.port ?? '')} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="auth" label={t('conn.auth')}>
            <Radio.Group
              options={[
                { value: 'password', label: info.kind === 'redis' ? t('conn.auth.passwordOnly') : t('conn.auth.password') },
                { value: 'none', label: t('conn.auth.none') },
              ]}
            />
          </Form.Item>
          {auth !== 'none' && (
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="user" label={t('conn.user')}>
                  <Input data-testid="conn-user" autoComplete="off" placeholder={info.kind === 'redis' ? t('conn.userOptional') : undefined} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="password" label={t('conn.password')}>
                  <Input.Password data-testid="conn-password" autoComplete="new-password" placeholder={editing && hasPassword ? t('conn.passwordUnchanged') : undefined} />
                </Form.Item>
              </Col>
            </Row>
          )}
          <Form.Item name="databaseName" label={info.kind === 'redis' ? t('conn.redisDb') : t('conn.database')} extra={info.kind === 'redis' ? undefined : t('conn.databaseHelp')}>
            <Input data-testid="conn-database" />
          </Form.Item>
        </>
      )}
      <Form.Item name="visibility" label={t('conn.visibility')} extra={t('conn.visibilityHelp')}>
        <Radio.Group options={[{ value: 'PRIVATE', label: t('conn.private') }, { value: 'SHARED', label: t('conn.shared') }]} />
      </Form.Item>
    </>
  );

  const ssh = (
    <>
      <Form.Item name={['ssh', 'enabled']} label={t('conn.ssh.enabled')} valuePropName="checked">
        <Switch data-testid="conn-ssh-enabled" />
      </Form.Item>
      {sshEnabled && (
        <>
          <Row gutter={12}>
            <Col span={16}>
              <Form.Item name={['ssh', 'host']} label={t('conn.host')} rules={required}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name={['ssh', 'port']} label={t('conn.port')}>
                <InputNumber min={1} max={65535} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name={['ssh', 'user']} label={t('conn.user')} rules={required}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name={['ssh', 'authType']} label={t('conn.auth')}>
            <Radio.Group options={[{ value: 'password', label: t('conn.password') }, { value: 'key', label: t('conn.ssh.key') }]} />
          </Form.Item>
          {sshAuth === 'key' ? (
            <>
              <Form.Item name={['ssh', 'privateKey']} label={t('conn.ssh.key')}>
                <Input.TextArea rows={4} placeholder={editing ? t('conn.passwordUnchanged') : '-----BEGIN OPENSSH PRIVATE KEY-----'} />
              </Form.Item>
              <Form.Item name={['ssh', 'passphrase']} label={t('conn.ssh.passphrase')}>
                <Input.Password autoComplete="new-password" placeholder={editing ? t('conn.passwordUnchanged') : undefined} />
              </Form.Item>
            </>
          ) : (
            <Form.Item name={['ssh', 'password']} label={t('conn.password')}>
              <Input.Password autoComplete="new-password" placeholder={editing ? t('conn.passwordUnchanged') : undefined} />
            </Form.Item>
          )}
        </>
      )}
    </>
  );

  const ssl = (
    <>
      <Form.Item name={['ssl', 'mode']} label={t('conn.ssl.mode')}>
        <Select
          data-testid="conn-ssl-mode"
          options={(['disable', 'require', 'verify-ca', 'verify-full'] as const).map((m) => ({ value: m, label: t(`conn.ssl.${m}`) }))}
        />
      </Form.Item>
      {sslMode && sslMode !== 'disable' && (
        <>
          <Form.Item name={['ssl', 'ca']} label={t('conn.ssl.ca')}>
            <Input.TextArea rows={3} placeholder="-----BEGIN CERTIFICATE-----" />
          </Form.Item>
          <Form.Item name={['ssl', 'cert']} label={t('conn.ssl.cert')}>
            <Input.TextArea rows={3} placeholder="-----BEGIN CERTIFICATE-----" />
          </Form.Item>
          <Form.Item name={['ssl', 'key']} label={t('conn.ssl.key')}>
            <Input.TextArea rows={3} placeholder={editing ? t('conn.passwordUnchanged') : '-----BEGIN PRIVATE KEY-----'} />
          </Form.Item>
        </>
      )}
    </>
  );

  const driver = (
    <>
      <Form.List name="options">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item name={[f.name, 'key']} style={{ marginBottom: 8 }}>
                  <Input placeholder={t('conn.option.key')} style={{ width: 220 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'value']} style={{ marginBottom: 8 }}>
                  <Input placeholder={t('conn.option.value')} style={{ width: 280 }} />
                </Form.Item>
                <MinusCircleOutlined onClick={() => remove(f.name)} aria-label={t('conn.option.remove')} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ key: '', value: '' })}>
              {t('conn.option.add')}
            </Button>
          </>
        )}
      </Form.List>
      <Form.Item name="connectTimeoutMs" label={t('conn.timeout')} style={{ marginTop: 16 }}>
        <InputNumber min={100} max={600000} step={1000} placeholder="10000" style={{ width: 200 }} />
      </Form.Item>
    </>
  );

  const network = info.kind !== 'file';
  return (
    <Tabs
      size="small"
      items={[
        { key: 'general', label: t('conn.tab.general'), children: general, forceRender: true },
        ...(network ? [{ key: 'ssh', label: t('conn.tab.ssh'), children: ssh, forceRender: true }, { key: 'ssl', label: t('conn.tab.ssl'), children: ssl, forceRender: true }] : []),
        { key: 'driver', label: t('conn.tab.driver'), children: driver, forceRender: true },
      ]}
    />
  );
}
