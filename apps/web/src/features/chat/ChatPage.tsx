/**
 * The chat main tab: named chats and AI data collections on the left; on the right the selected
 * named chat, or the quick chat (the assistant bound to the cascader's context) when none is
 * selected. A share link (/chat?share=…) opens its chat.
 */
import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CollectionsPanel } from '../ai-collections/CollectionsPanel.js';
import { ChatPanelView } from './ChatPanel.js';
import { ChatList } from './named/ChatList.js';
import { Conversation } from './named/Conversation.js';
import { CreateChatDialog } from './named/CreateChatDialog.js';
import { chatApi } from './named/api.js';
import './named/named.css';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export function ChatPageView() {
  return (
    <QueryClientProvider client={queryClient}>
      <ChatTab />
    </QueryClientProvider>
  );
}

function ChatTab() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number>();
  const [creating, setCreating] = useState(false);
  const [linkError, setLinkError] = useState<string>();

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('share');
    if (!token) return;
    chatApi.resolve(token).then((c) => setSelected(c.id), (e: Error) => setLinkError(e.message));
  }, []);

  return (
    <div className="askdb-chat-page" data-testid="chat-page">
      <aside className="askdb-chat-page-side">
        <div className="askdb-named-side-title">{t('chatv2.chats')}</div>
        <ChatList selected={selected} onSelect={setSelected} onNew={() => setCreating(true)} />
        <CollectionsPanel />
      </aside>
      <section className="askdb-chat-page-main">
        {linkError && <Alert type="error" showIcon closable message={linkError} onClose={() => setLinkError(undefined)} data-testid="share-link-error" />}
        {selected != null ? (
          <>
            <Button size="small" type="link" icon={<ArrowLeftOutlined />} onClick={() => setSelected(undefined)} style={{ alignSelf: 'flex-start' }} data-testid="named-chat-back">{t('chatv2.quick')}</Button>
            <Conversation key={selected} chatId={selected} />
          </>
        ) : <ChatPanelView variant="page" />}
      </section>
      <CreateChatDialog open={creating} onClose={() => setCreating(false)} onCreated={(id) => { setCreating(false); setSelected(id); }} />
    </div>
  );
}
