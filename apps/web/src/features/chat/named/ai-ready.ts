/** Whether an AI model can answer (null while unknown): named chats without one still run SQL (issue 25 point 5). */
import { useEffect } from 'react';
import { useAiConfig } from '../ai-config-store.js';

export function useAiReady(): boolean | null {
  const { config, loaded, load } = useAiConfig();
  useEffect(() => {
    if (!loaded) void load();
  }, [loaded, load]);
  return loaded && config ? config.configured : null;
}

/** A question that is itself a read-only SQL statement. */
export const isSqlQuestion = (q: string) => /^\s*(select|with)\b/i.test(q);
