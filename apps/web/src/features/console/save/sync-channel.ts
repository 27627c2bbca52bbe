/**
 * Tells the other browser tabs about a console save (BroadcastChannel), so two tabs editing the same
 * console never overwrite each other silently: the later save wins and the other tab is told.
 */
export interface ConsoleSavedMessage {
  type: 'saved';
  consoleId: number;
  status: 'DRAFT' | 'RELEASE';
  version: number;
  ddl: string;
  /** The page that saved (a page ignores its own messages). */
  from: string;
  /** This save replaced a newer version than the one it was edited from. */
  overwrote: boolean;
}

export const PAGE_ID = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random());
const NAME = 'askdb.consoles';

type Listener = (m: ConsoleSavedMessage) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function ensure(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(NAME);
  channel.onmessage = (e: MessageEvent<ConsoleSavedMessage>) => {
    if (e.data?.type === 'saved' && e.data.from !== PAGE_ID) listeners.forEach((l) => l(e.data));
  };
  return channel;
}

export const syncChannel = {
  publish(m: Omit<ConsoleSavedMessage, 'type' | 'from'>): void {
    ensure()?.postMessage({ ...m, type: 'saved', from: PAGE_ID } satisfies ConsoleSavedMessage);
  },
  subscribe(l: Listener): () => void {
    ensure();
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
export type SyncChannel = typeof syncChannel;
