/** The chat main tab: AI data collections on the left, the conversation on the right. */
import { CollectionsPanel } from '../ai-collections/CollectionsPanel.js';
import { ChatPanelView } from './ChatPanel.js';

export function ChatPageView() {
  return (
    <div className="askdb-chat-page" data-testid="chat-page">
      <aside className="askdb-chat-page-side">
        <CollectionsPanel />
      </aside>
      <section className="askdb-chat-page-main">
        <ChatPanelView variant="page" />
      </section>
    </div>
  );
}
