/**
 * The conversation of the AI assistant: context (data source > database > schema, or an AI data
 * collection), model, mentioned tables, messages, and the one stream in flight. The right panel
 * and the chat page show the same conversation.
 */
import { create } from 'zustand';
import type { AiQuestionType, AiStreamState, ChatSource, DatabaseType } from '@askdb/contracts';
import { streamAi, type AiStreamErrorKind, type AiStreamHandle } from '../../lib/sse.js';
import { i18n } from '../../i18n/index.js';
import type { MentionedTable } from './mentions.js';
import { chatPayload } from './payload.js';
import { chatHistoryApi, fromSaved, toSaved } from './chat-history.js';

export { chatPayload };

export interface ChatContext {
  dataSourceId?: number;
  dataSourceName?: string;
  databaseType?: DatabaseType;
  databaseName?: string;
  schemaName?: string;
  collectionId?: number;
  collectionTitle?: string;
}

export interface ChatError {
  kind: AiStreamErrorKind;
  message: string;
  status?: number;
  errorCode?: string;
  detail?: string;
}

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  thinking?: string;
  state?: AiStreamState;
  error?: ChatError;
  /** FREE_TRIAL_USAGE_LIMIT and the like: shown as information, not as an error. */
  info?: string;
  stopped?: boolean;
  /** Extra JSON objects of the stream (e.g. the server's SQL check results). */
  events?: Record<string, unknown>[];
  questionType?: AiQuestionType;
  tables?: MentionedTable[];
  /** Context the question was asked in (shown under the user's message). */
  context?: ChatContext;
}

export interface SendRequest {
  input: string;
  questionType?: AiQuestionType;
  source?: ChatSource;
  /** Overrides the chat's context (e.g. the console's when the editor asks). */
  context?: ChatContext;
  tables?: MentionedTable[];
  errorMessage?: string;
  targetDialect?: string;
}

interface ChatStore {
  context: ChatContext;
  model?: string;
  draft: string;
  tables: MentionedTable[];
  messages: ChatMessage[];
  status: AiStreamState;
  /** The saved conversation these messages belong to (null until the first answer is saved). */
  chatId: number | null;
  /** Set once the latest saved conversation has been looked for (first open of the panel). */
  restored: boolean;
  /** Bumped to ask the chat input to take focus (Cmd/Ctrl+K, an editor action). */
  focusNonce: number;
  setContext(c: ChatContext): void;
  setModel(m: string | undefined): void;
  setDraft(text: string, tables?: MentionedTable[]): void;
  send(req: SendRequest): boolean;
  stop(): void;
  clear(): void;
  focus(): void;
  restoreLatest(): Promise<void>;
  openChat(id: number): Promise<void>;
  /** A saved conversation was deleted: forget it if it is the one shown. */
  forget(id: number): void;
}

const CONTEXT_KEY = 'askdb.chat.context';
const MODEL_KEY = 'askdb.chat.model';

function loadContext(): ChatContext {
  try {
    return (JSON.parse(localStorage.getItem(CONTEXT_KEY) ?? '{}') as ChatContext) ?? {};
  } catch {
    return {};
  }
}

let current: AiStreamHandle | null = null;
let seq = 0;
const newId = () => `m${Date.now().toString(36)}${(seq++).toString(36)}`;

export const isBusy = (s: AiStreamState) => s === 'loading' || s === 'thinking';

// Saves run one after another, so the first answer's save gives the id the next ones reuse.
let saving: Promise<unknown> = Promise.resolve();

export const useChat = create<ChatStore>((set, get) => {
  const patchMessage = (id: string, patch: Partial<ChatMessage> | ((m: ChatMessage) => Partial<ChatMessage>)) =>
    set((s) => ({ messages: s.messages.map((m) => (m.id === id ? { ...m, ...(typeof patch === 'function' ? patch(m) : patch) } : m)) }));

  const persist = () => {
    saving = saving.then(async () => {
      const s = get();
      // A conversation is kept once an answer came through (not one of only errors, e.g. no model configured).
      if (!s.messages.some((m) => m.role === 'assistant' && m.state === 'finish')) return;
      const body = { context: s.context, messages: toSaved(s.messages) };
      try {
        const id = await chatHistoryApi.save(s.chatId ? { ...body, id: s.chatId } : body).catch((e: { status?: number }) => {
          // Deleted elsewhere: keep the conversation as a new one.
          if (e.status === 404) return chatHistoryApi.save(body);
          throw e;
        });
        if (get().messages.length && get().chatId === s.chatId) set({ chatId: id });
      } catch {
        /* the conversation stays on screen; the next answer saves it again */
      }
    });
  };

  return {
    chatId: null,
    restored: false,
    context: loadContext(),
    model: localStorage.getItem(MODEL_KEY) ?? undefined,
    draft: '',
    tables: [],
    messages: [],
    status: 'idle',
    focusNonce: 0,
    setContext(c) {
      localStorage.setItem(CONTEXT_KEY, JSON.stringify(c));
      set({ context: c, tables: [] });
    },
    setModel(m) {
      if (m) localStorage.setItem(MODEL_KEY, m);
      else localStorage.removeItem(MODEL_KEY);
      set({ model: m });
    },
    setDraft(text, tables) {
      set(tables ? { draft: text, tables } : { draft: text });
    },
    focus() {
      set((s) => ({ focusNonce: s.focusNonce + 1 }));
    },
    send(req) {
      const s = get();
      const input = req.input.trim();
      if (isBusy(s.status) || input === '') return false;
      const ctx = req.context ?? s.context;
      const tables = req.tables ?? s.tables;
      const body = chatPayload({ ...req, input }, ctx, s.model, tables, s.messages);
      const user: ChatMessage = { id: newId(), role: 'user', content: input, questionType: body.questionType, tables, context: ctx };
      const answer: ChatMessage = { id: newId(), role: 'assistant', content: '', state: 'loading', questionType: body.questionType };
      set({ messages: [...s.messages, user, answer], status: 'loading', draft: req.input === s.draft ? '' : s.draft, tables: req.input === s.draft ? [] : s.tables });
      const handle = streamAi({
        baseURL: window.location.origin,
        body,
        language: i18n.language,
        onState: (state) => {
          patchMessage(answer.id, { state });
          if (current === handle) set({ status: state });
        },
        onContent: (_d, full) => patchMessage(answer.id, { content: full }),
        onThinking: (_d, full) => patchMessage(answer.id, { thinking: full }),
        onEvent: (e) => patchMessage(answer.id, (m) => ({ events: [...(m.events ?? []), e] })),
      });
      current = handle;
      void handle.done.then((r) => {
        patchMessage(answer.id, {
          state: r.state,
          content: r.content,
          thinking: r.thinking || undefined,
          stopped: r.stopped,
          info: r.info?.errorMessage,
          error: r.error ? { kind: r.error.kind, message: r.error.message, ...r.error.info } : undefined,
        });
        if (r.info) window.dispatchEvent(new CustomEvent('askdb:ai-usage-limit', { detail: r.info }));
        else if (r.error?.info.errorCode === 'FREE_TRIAL_USAGE_LIMIT') window.dispatchEvent(new CustomEvent('askdb:ai-usage-limit', { detail: r.error.info }));
        // Spec 02 §8: an offline licence that is over opens its dialog (features/guide listens).
        else if (r.error?.info.errorCode?.startsWith('OFFLINE_')) window.dispatchEvent(new CustomEvent('askdb:licence-error', { detail: { errorCode: r.error.info.errorCode, errorMessage: r.error.message } }));
        if (current === handle) {
          current = null;
          set({ status: r.state });
        }
        // Save unless the conversation was cleared or replaced meanwhile.
        if (get().messages.some((m) => m.id === answer.id)) persist();
      });
      return true;
    },
    stop() {
      current?.abort();
    },
    clear() {
      current?.abort();
      set({ messages: [], status: 'idle', chatId: null, restored: true });
    },
    async restoreLatest() {
      if (get().restored) return;
      set({ restored: true });
      try {
        const latest = await chatHistoryApi.latest();
        if (latest && get().messages.length === 0) set({ chatId: latest.id, messages: fromSaved(latest.messages, newId), status: 'idle' });
      } catch {
        /* no history: start empty */
      }
    },
    async openChat(id) {
      const chat = await chatHistoryApi.get(id);
      current?.abort();
      current = null;
      const context = chat.context as ChatContext;
      localStorage.setItem(CONTEXT_KEY, JSON.stringify(context));
      set({ chatId: chat.id, messages: fromSaved(chat.messages, newId), status: 'idle', restored: true, context, tables: [] });
    },
    forget(id) {
      if (get().chatId === id) set({ chatId: null });
    },
  };
});
