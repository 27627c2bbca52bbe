/**
 * With no model configured the chat says how to configure one (a link to the Custom AI settings);
 * when an administrator manages the AI settings, users are told to ask the administrator.
 */
import { useState } from 'react';
import { Button, Modal, Result, Alert } from 'antd';
import { RobotOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAiConfig } from './ai-config-store.js';
import { AiSettingsForm } from '../ai-settings/AiSettingsForm.js';

export function AiSettingsModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={640} title={t('settings.customAi')} destroyOnHidden data-testid="ai-settings-modal">
      <AiSettingsForm onSaved={onClose} />
    </Modal>
  );
}

export function NotConfigured({ compact, detail }: { compact?: boolean; detail?: string }) {
  const { t } = useTranslation();
  const config = useAiConfig((s) => s.config);
  const [open, setOpen] = useState(false);
  const askAdmin = !!config?.adminManaged && !config.canEdit;
  const action = askAdmin ? null : (
    <Button type="primary" icon={<SettingOutlined />} onClick={() => setOpen(true)} data-testid="chat-configure-ai">
      {t('chat.notConfigured.action')}
    </Button>
  );
  return (
    <div data-testid="chat-not-configured" data-admin={askAdmin ? 'true' : 'false'}>
      {compact ? (
        <Alert
          type="warning"
          showIcon
          message={askAdmin ? t('chat.notConfigured.admin') : t('chat.notConfigured.title')}
          description={
            <div className="askdb-chat-not-configured-body">
              <div>{askAdmin ? detail : t('chat.notConfigured.how')}</div>
              {action && <div style={{ marginTop: 8 }}>{action}</div>}
            </div>
          }
        />
      ) : (
        <Result
          icon={<RobotOutlined />}
          title={t('chat.notConfigured.title')}
          subTitle={askAdmin ? t('chat.notConfigured.admin') : t('chat.notConfigured.how')}
          extra={action}
        />
      )}
      <AiSettingsModal open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
