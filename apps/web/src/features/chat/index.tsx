/** The AI assistant feature: the right panel, the chat main tab, and its app-wide shortcuts and events. */
import { ChatPanelView } from './ChatPanel.js';
import { ChatPageView } from './ChatPage.js';
import { installChatGlobalEvents } from './global-events.js';
import './chat.css';

installChatGlobalEvents();

export function ChatPanel() {
  return <ChatPanelView variant="panel" />;
}

export function ChatPage() {
  return <ChatPageView />;
}
