/** The chat panel's history: saved conversations, newest first (20 a page); open one or delete it. */
import { useState } from 'react';
import { App, Button, Empty, List, Popover, Spin, Tooltip, Typography } from 'antd';
import { DeleteOutlined, HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChatSummary } from '@askdb/contracts';
import { useChat } from './chat-store.js';
import { chatHistoryApi } from './chat-history.js';
import { useErrorToast } from '../../app/use-error-toast';

export function ChatHistory() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const chatId = useChat((s) => s.chatId);
  const [open, setOpen] = useState(false);
  const [chats, setChats] = useState<ChatSummary[] | null>(null);
  const [more, setMore] = useState<{ pageNo: number; hasNext: boolean }>({ pageNo: 1, hasNext: false });

  const load = async (pageNo: number) => {
    try {
      const page = await chatHistoryApi.list(pageNo);
      setChats((old) => (pageNo === 1 ? page.data : [...(old ?? []), ...page.data]));
      setMore({ pageNo, hasNext: page.hasNextPage });
    } catch (e) {
      setChats([]);
      void showError(e);
    }
  };

  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const content = (
    <div style={{ width: 320, maxHeight: 420, overflow: 'auto' }} data-testid="chat-history-list">
      {chats === null ? <Spin /> : chats.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.history.empty')} /> : (
        <List<ChatSummary>
          size="small"
          dataSource={chats}
          loadMore={more.hasNext ? <Button size="small" type="link" onClick={() => void load(more.pageNo + 1)}>{t('chat.history.more')}</Button> : null}
          renderItem={(c) => (
            <List.Item
              data-testid="chat-history-item"
              style={{ cursor: 'pointer', background: c.id === chatId ? 'rgba(59,124,255,0.12)' : undefined, paddingInline: 8 }}
              onClick={() => {
                setOpen(false);
                useChat.getState().openChat(c.id).catch((e: Error) => void showError(e));
              }}
              actions={[
                <Tooltip key="d" title={t('chat.history.delete')}>
                  <Button
                    type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('chat.history.delete')} data-testid="chat-history-delete"
                    onClick={(e) => {
                      e.stopPropagation();
                      chatHistoryApi.remove(c.id).then(() => {
                        useChat.getState().forget(c.id);
                        setChats((old) => (old ?? []).filter((x) => x.id !== c.id));
                      }, (err: Error) => void showError(err));
                    }}
                  />
                </Tooltip>,
              ]}
            >
              <List.Item.Meta
                title={<Typography.Text ellipsis style={{ maxWidth: 220 }}>{c.title}</Typography.Text>}
                description={<span style={{ fontSize: 11 }}>{fmt.format(new Date(c.updatedAt))} · {t('chat.history.messages', { count: c.messageCount })}</span>}
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );

  return (
    <Popover
      trigger="click" placement="bottomRight" open={open} content={content} title={t('chat.history.title')}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setChats(null);
          void load(1);
        }
      }}
    >
      <Tooltip title={t('chat.history.title')}>
        <Button type="text" size="small" icon={<HistoryOutlined />} aria-label={t('chat.history.title')} data-testid="chat-history" />
      </Tooltip>
    </Popover>
  );
}
