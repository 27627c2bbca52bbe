/**
 * App-wide ways into the assistant, installed once when the chat feature loads:
 * - Cmd/Ctrl+K (spec 01 §2, fixed) opens the assistant and focuses its input;
 * - the console's `askdb:ai` event (optimize with AI, explain, '/' inline box, use AI to repair)
 *   opens the assistant and sends the question in the console's context.
 */
import type { AiQuestionType } from '@askdb/contracts';
import { GLOBAL_SHORTCUTS, matches } from '../../lib/shortcuts.js';
import { navigate, tabFromLocation } from '../../lib/router.js';
import { useSettings } from '../../lib/settings.js';
import { isBusy, useChat, type ChatContext, type SendRequest } from './chat-store.js';
import { listDataSources } from './meta.js';

export interface AiEventDetail {
  questionType: AiQuestionType;
  input: string;
  context?: {
    dataSourceId?: number | null;
    dataSourceName?: string | null;
    databaseType?: string | null;
    databaseName?: string | null;
    schemaName?: string | null;
    /** SQL_DEBUG: the console may put the error here rather than at the top level. */
    errorMessage?: string;
  };
  errorMessage?: string;
  targetDialect?: string;
}

/** Make the assistant visible: the right panel on the workspace, else the chat page. */
export function revealAssistant(): void {
  const tab = tabFromLocation();
  if (tab === 'workspace') {
    if (!useSettings.getState().rightOpen) useSettings.getState().update({ rightOpen: true });
  } else if (tab !== 'chat') navigate('chat');
}

async function resolveContext(c: AiEventDetail['context']): Promise<ChatContext | undefined> {
  if (!c || c.dataSourceId == null) return undefined;
  const ds = c.dataSourceName && c.databaseType ? undefined : (await listDataSources().catch(() => [])).find((d) => d.id === c.dataSourceId);
  return {
    dataSourceId: c.dataSourceId,
    dataSourceName: c.dataSourceName ?? ds?.alias ?? `#${c.dataSourceId}`,
    databaseType: (c.databaseType as ChatContext['databaseType']) ?? ds?.type,
    databaseName: c.databaseName ?? undefined,
    schemaName: c.schemaName ?? undefined,
  };
}

/** Send once the stream in flight (if any) has been stopped. */
export function sendWhenIdle(req: SendRequest): Promise<boolean> {
  const chat = useChat.getState();
  if (!isBusy(chat.status)) return Promise.resolve(chat.send(req));
  chat.stop();
  return new Promise((resolve) => {
    const unsub = useChat.subscribe((s) => {
      if (!isBusy(s.status)) {
        unsub();
        resolve(useChat.getState().send(req));
      }
    });
  });
}

export async function handleAiEvent(detail: AiEventDetail): Promise<boolean> {
  if (!detail || typeof detail.input !== 'string' || detail.input.trim() === '') return false;
  revealAssistant();
  const context = await resolveContext(detail.context);
  if (context) useChat.getState().setContext(context);
  const sent = await sendWhenIdle({
    input: detail.input,
    questionType: detail.questionType ?? 'NL_2_SQL',
    source: 'DATASOURCE_CONSOLE_CHAT',
    context,
    tables: [],
    errorMessage: detail.errorMessage ?? detail.context?.errorMessage,
    targetDialect: detail.targetDialect,
  });
  useChat.getState().focus();
  return sent;
}

let installed = false;
export function installChatGlobalEvents(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener(
    'keydown',
    (e) => {
      if (!matches(e, GLOBAL_SHORTCUTS.ai)) return;
      e.preventDefault();
      e.stopPropagation();
      revealAssistant();
      // The panel may mount on this very render; focus after it has.
      requestAnimationFrame(() => useChat.getState().focus());
    },
    true,
  );
  window.addEventListener('askdb:ai', (e) => void handleAiEvent((e as CustomEvent<AiEventDetail>).detail));
}
