/**
 * Shared set-up for the chat e2e tests: an AskDB server of their own (so the AI starts
 * unconfigured whatever ran before) and the scripted OpenAI-compatible LLM server.
 */
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { startServer, type RunningServer } from '../server';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../packages/ai/test/scripted-llm-server';

export interface ChatEnv {
  askdb: RunningServer;
  llm: ScriptedLlmServer;
}

export async function startChatEnv(): Promise<ChatEnv> {
  const [askdb, llm] = await Promise.all([startServer(), startScriptedLlmServer()]);
  llm.models = ['test-model', 'test-model-large'];
  return { askdb, llm };
}

export async function stopChatEnv(env: ChatEnv | undefined): Promise<void> {
  await Promise.all([env?.askdb.stop(), env?.llm.close()]);
}

export async function configureAi(request: APIRequestContext, env: ChatEnv, extra: Record<string, unknown> = {}): Promise<void> {
  const res = await request.post(`${env.askdb.url}/api/config/system_config/ai`, {
    data: { aiSqlSource: 'OPENAI', apiHost: env.llm.url, model: 'test-model', ...extra },
  });
  if (!res.ok()) throw new Error(`configuring the AI failed: ${res.status()} ${await res.text()}`);
}

/** Record every `askdb:insert-sql` the chat dispatches. */
export async function recordInsertSql(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __inserted: unknown[] };
    w.__inserted = [];
    window.addEventListener('askdb:insert-sql', (e) => w.__inserted.push((e as CustomEvent).detail));
  });
}

export const inserted = (page: Page) => page.evaluate(() => (window as unknown as { __inserted: { sql: string; run: boolean }[] }).__inserted);

/** Screenshots to look at; outside test-results, which parallel Playwright runs of other suites wipe. */
export const SHOT_DIR = process.env.ASKDB_CHAT_SHOTS ?? path.join(os.tmpdir(), 'askdb-chat-shots');
export const shot = (name: string) => path.join(SHOT_DIR, `${name}.png`);
