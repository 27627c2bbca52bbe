/** The AI assistant: header, conversation (or how to start / how to configure), input. */
import { useEffect, useState } from 'react';
import { Button, Empty, Spin, Tooltip, Typography } from 'antd';
import { ClearOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GLOBAL_SHORTCUTS, displayShortcut } from '../../lib/shortcuts.js';
import { useChat } from './chat-store.js';
import { useAiConfig } from './ai-config-store.js';
import { ChatInput } from './ChatInput.js';
import { MessageList } from './MessageList.js';
import { AiSettingsModal, NotConfigured } from './NotConfigured.js';
import { ChatHistory } from './ChatHistory.js';
import { useFollowActiveConsole } from './follow-console.js';

export function ChatPanelView({ variant = 'panel' }: { variant?: 'panel' | 'page' }) {
  const { t } = useTranslation();
  const hasMessages = useChat((s) => s.messages.length > 0);
  const clear = useChat((s) => s.clear);
  const { config, loaded, load } = useAiConfig();
  const [settingsOpen, setSettingsOpen] = useState(false);
  useFollowActiveConsole(variant === 'panel');

  useEffect(() => {
    if (!loaded) void load();
  }, [loaded, load]);
  // The latest saved conversation comes back after a reload.
  useEffect(() => {
    void useChat.getState().restoreLatest();
  }, []);

  const notConfigured = loaded && config && !config.configured;
  return (
    <div className={`askdb-chat askdb-chat-${variant}`} data-testid="chat-panel">
      <div className="askdb-chat-header">
        <Typography.Text strong>{t('chat.title')}</Typography.Text>
        <span className="askdb-chat-header-hint">{displayShortcut(GLOBAL_SHORTCUTS.ai)}</span>
        <span style={{ marginLeft: 'auto' }} />
        <ChatHistory />
        {hasMessages && (
          <Tooltip title={t('chat.clear')}>
            <Button type="text" size="small" icon={<ClearOutlined />} onClick={clear} aria-label={t('chat.clear')} data-testid="chat-clear" />
          </Tooltip>
        )}
        {(!config?.adminManaged || config.canEdit) && (
          <Tooltip title={t('settings.customAi')}>
            <Button type="text" size="small" icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} aria-label={t('settings.customAi')} data-testid="chat-ai-settings" />
          </Tooltip>
        )}
      </div>
      {hasMessages ? (
        <MessageList />
      ) : (
        <div className="askdb-chat-messages askdb-chat-empty">
          {!loaded ? <Spin /> : notConfigured ? <NotConfigured /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.empty')} data-testid="chat-empty" />}
        </div>
      )}
      <ChatInput />
      <AiSettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
