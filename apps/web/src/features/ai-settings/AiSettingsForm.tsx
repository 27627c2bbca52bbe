/**
 * Custom AI settings (issue 7 point 1, spec 02 §6): source, base URL, key (write-only), model,
 * Azure deployment and api-version, REST streaming, privacy; saved with
 * POST /api/config/system_config/ai. The key is never shown: only whether one is configured.
 */
import { useEffect, useState } from 'react';
import { Alert, App, AutoComplete, Button, Form, Input, Radio, Select, Space, Switch, Tag, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AI_PRIVACY, type AiPrivacy, type AiSource } from '@askdb/contracts';
import { api, ApiError } from '../../lib/api.js';
import { useAiConfig } from '../chat/ai-config-store.js';

const SOURCES: AiSource[] = ['OPENAI', 'ZHIPUAI', 'BAICHUANAI', 'WENXINAI', 'AZUREAI', 'ANTHROPIC', 'RESTAI'];

const HOST_PRESETS: Partial<Record<AiSource, { label: string; value: string }[]>> = {
  OPENAI: [
    { label: 'OpenAI', value: 'https://api.openai.com/v1' },
    { label: 'DeepSeek', value: 'https://api.deepseek.com/v1' },
    { label: 'Zhipu (GLM)', value: 'https://open.bigmodel.cn/api/paas/v4' },
    { label: 'Ollama', value: 'http://127.0.0.1:11434/v1' },
    { label: 'LM Studio', value: 'http://127.0.0.1:1234/v1' },
    { label: 'vLLM', value: 'http://127.0.0.1:8000/v1' },
  ],
  ANTHROPIC: [{ label: 'Anthropic', value: 'https://api.anthropic.com' }],
  ZHIPUAI: [{ label: 'Zhipu', value: 'https://open.bigmodel.cn/api/paas/v4' }],
  BAICHUANAI: [{ label: 'Baichuan', value: 'https://api.baichuan-ai.com/v1' }],
  WENXINAI: [{ label: 'Qianfan', value: 'https://aip.baidubce.com' }],
};

/** The request body of the form (save and Test send the same settings). */
function settingsBody(v: FormValues, clearKey: boolean, serverMode: boolean) {
  const trim = (s?: string) => (s && s.trim() ? s.trim() : undefined);
  return {
    aiSqlSource: v.aiSqlSource,
    apiHost: trim(v.apiHost),
    // Write-only: an empty field keeps the stored key.
    ...(trim(v.apiKey) ? { apiKey: v.apiKey!.trim() } : clearKey ? { apiKey: '' } : {}),
    model: trim(v.model),
    ...(v.aiSqlSource === 'AZUREAI' ? { deployment: trim(v.deployment), apiVersion: trim(v.apiVersion) } : {}),
    ...(v.aiSqlSource === 'RESTAI' ? { stream: v.stream ?? true } : {}),
    privacy: v.privacy,
    ...(serverMode ? { adminManaged: !!v.adminManaged } : {}),
  };
}

interface FormValues {
  aiSqlSource: AiSource;
  apiHost?: string;
  apiKey?: string;
  model?: string;
  deployment?: string;
  apiVersion?: string;
  stream?: boolean;
  privacy: AiPrivacy;
  adminManaged?: boolean;
}

export function AiSettingsForm({ onSaved }: { onSaved?(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const { config, models, load } = useAiConfig();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const [serverMode, setServerMode] = useState(false);
  /** The stored key is to be removed with the next save. */
  const [clearKey, setClearKey] = useState(false);
  const source = Form.useWatch('aiSqlSource', form) ?? 'OPENAI';

  useEffect(() => {
    void load();
    api<{ mode: string }>('/api/system').then((s) => setServerMode(s.mode === 'server'), () => {});
  }, [load]);
  useEffect(() => {
    if (!config) return;
    form.setFieldsValue({
      aiSqlSource: config.aiSqlSource && SOURCES.includes(config.aiSqlSource) ? config.aiSqlSource : 'OPENAI',
      apiHost: config.apiHost ?? undefined,
      model: config.model ?? undefined,
      deployment: config.deployment ?? undefined,
      apiVersion: config.apiVersion ?? undefined,
      stream: config.stream ?? true,
      privacy: config.privacy ?? 'SCHEMA_ONLY',
      adminManaged: config.adminManaged,
      apiKey: undefined,
    });
  }, [config, form]);

  const readOnly = !!config && !config.canEdit;
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<{ ok: boolean; text?: string }>();

  /** Calls the provider the form describes (before or after saving) and shows what came back. */
  const test = async () => {
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setTesting(true);
    setTestResult(undefined);
    try {
      const r = await api<{ reply: string }>('/api/config/system_config/ai/test', { body: settingsBody(v, clearKey, serverMode) });
      setTestResult({ ok: true, text: r.reply });
    } catch (e) {
      setTestResult({ ok: false, text: e instanceof ApiError ? e.detail || e.message : (e as Error).message });
    } finally {
      setTesting(false);
    }
  };

  const save = async (v: FormValues) => {
    setSaving(true);
    setError(undefined);
    try {
      await api('/api/config/system_config/ai', { body: settingsBody(v, clearKey, serverMode) });
      form.setFieldValue('apiKey', undefined);
      setClearKey(false);
      await load();
      message.success(t('aiSettings.saved'));
      onSaved?.();
    } catch (e) {
      setError(e instanceof ApiError && e.status === 404 ? t('aiSettings.unavailable') : (e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<FormValues> form={form} layout="vertical" onFinish={save} disabled={readOnly} data-testid="ai-settings-form" initialValues={{ aiSqlSource: 'OPENAI', privacy: 'SCHEMA_ONLY', stream: true }}>
      {readOnly && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('aiSettings.adminManaged')} data-testid="ai-settings-readonly" />}
      <Typography.Paragraph type="secondary">{t('aiSettings.intro')}</Typography.Paragraph>
      <Form.Item name="aiSqlSource" label={t('aiSettings.source')} rules={[{ required: true }]}>
        <Select data-testid="ai-settings-source" style={{ maxWidth: 320 }} options={SOURCES.map((s) => ({ value: s, label: t(`aiSettings.source.${s}`) }))} />
      </Form.Item>
      <Form.Item
        name="apiHost"
        label={t(source === 'RESTAI' ? 'aiSettings.restUrl' : source === 'AZUREAI' ? 'aiSettings.azureEndpoint' : 'aiSettings.apiHost')}
        extra={t(`aiSettings.apiHost.help.${source}`)}
        rules={[
          { required: source === 'AZUREAI' || source === 'RESTAI', message: t('aiSettings.required') },
          { pattern: /^https?:\/\/\S+$/i, message: t('aiSettings.invalidUrl') },
        ]}
      >
        <AutoComplete data-testid="ai-settings-host" options={(HOST_PRESETS[source] ?? []).map((p) => ({ value: p.value, label: `${p.label} — ${p.value}` }))} placeholder={HOST_PRESETS[source]?.[0]?.value ?? 'https://'} />
      </Form.Item>
      <Form.Item
        name="apiKey"
        label={
          <Space>
            {t('aiSettings.apiKey')}
            {config?.apiKeyConfigured && !clearKey && (
              <>
                <Tag color="green" icon={<CheckCircleOutlined />} data-testid="ai-settings-key-configured">
                  {t('aiSettings.keyConfigured')}
                </Tag>
                <Button type="link" size="small" onClick={() => setClearKey(true)} data-testid="ai-settings-key-remove" style={{ padding: 0 }}>
                  {t('aiSettings.keyRemove')}
                </Button>
              </>
            )}
            {config?.apiKeyConfigured && clearKey && (
              <>
                <Tag color="orange" data-testid="ai-settings-key-removing">{t('aiSettings.keyRemoving')}</Tag>
                <Button type="link" size="small" onClick={() => setClearKey(false)} style={{ padding: 0 }}>
                  {t('aiSettings.keyUndo')}
                </Button>
              </>
            )}
          </Space>
        }
        extra={t(config?.apiKeyConfigured ? 'aiSettings.apiKey.keep' : 'aiSettings.apiKey.help')}
      >
        <Input.Password data-testid="ai-settings-key" autoComplete="new-password" placeholder={config?.apiKeyConfigured ? '••••••••' : t('aiSettings.apiKey.placeholder')} visibilityToggle={false} />
      </Form.Item>
      {source === 'AZUREAI' && (
        <Space size={12} style={{ display: 'flex' }} align="start">
          <Form.Item name="deployment" label={t('aiSettings.deployment')} rules={[{ required: true, message: t('aiSettings.required') }]}>
            <Input data-testid="ai-settings-deployment" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="apiVersion" label={t('aiSettings.apiVersion')}>
            <Input data-testid="ai-settings-api-version" style={{ width: 180 }} placeholder="2024-10-21" />
          </Form.Item>
        </Space>
      )}
      <Form.Item name="model" label={t('aiSettings.model')} extra={t('aiSettings.model.help')} rules={[{ required: source === 'ANTHROPIC', message: t('aiSettings.required') }]}>
        <AutoComplete data-testid="ai-settings-model" style={{ maxWidth: 320 }} options={models.map((m) => ({ value: m.modelName, label: m.displayName }))} placeholder={source === 'ANTHROPIC' ? 'claude-sonnet-4-5' : 'gpt-4o-mini'} />
      </Form.Item>
      {source === 'RESTAI' && (
        <Form.Item name="stream" label={t('aiSettings.stream')} valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
      <Form.Item name="privacy" label={t('aiSettings.privacy')} extra={t('aiSettings.privacy.help')}>
        <Radio.Group data-testid="ai-settings-privacy">
          {AI_PRIVACY.map((p) => (
            <Radio key={p} value={p} data-testid={`ai-settings-privacy-${p}`}>
              {t(`aiSettings.privacy.${p}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {serverMode && (
        <Form.Item name="adminManaged" label={t('aiSettings.adminManagedSwitch')} valuePropName="checked" extra={t('aiSettings.adminManagedSwitch.help')}>
          <Switch data-testid="ai-settings-admin-managed" />
        </Form.Item>
      )}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="ai-settings-error" />}
      {testResult && (
        <Alert
          type={testResult.ok ? 'success' : 'error'}
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="ai-settings-test-result"
          title={testResult.ok ? t('aiSettings.testOk', { reply: testResult.text ?? '' }) : t('aiSettings.testFailed')}
          description={testResult.ok ? undefined : <span style={{ whiteSpace: 'pre-wrap' }}>{testResult.text}</span>}
        />
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="ai-settings-save">
          {t('aiSettings.save')}
        </Button>
        <Button onClick={() => void test()} loading={testing} data-testid="ai-settings-test">
          {t('aiSettings.test')}
        </Button>
      </Space>
    </Form>
  );
}
