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

/**
 * The server only serves the web app if its build is there when it starts; other contributors
 * rebuild it in parallel on this machine, so start again until the app is served.
 */
async function startServingServer(): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    const server = await startServer();
    const res = await fetch(`${server.url}/workspace`).catch(() => undefined);
    if (res?.ok && (res.headers.get('content-type') ?? '').includes('text/html')) return server;
    await server.stop();
    if (attempt >= 10) throw new Error('the AskDB server does not serve the web app: build it with node scripts/build.mjs');
    await new Promise((r) => setTimeout(r, 3000));
  }
}

export async function startChatEnv(): Promise<ChatEnv> {
  const [askdb, llm] = await Promise.all([startServingServer(), startScriptedLlmServer()]);
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

/** Delete every saved conversation, so a test starts with an empty chat (the panel restores the latest one). */
export async function clearChats(request: APIRequestContext, env: ChatEnv): Promise<void> {
  for (;;) {
    const res = await request.get(`${env.askdb.url}/api/ai/chat/list?pageNo=1&pageSize=100`);
    const chats = ((await res.json()) as { data: { data: { id: number }[] } }).data.data;
    if (!chats.length) return;
    for (const c of chats) await request.delete(`${env.askdb.url}/api/ai/chat/${c.id}`);
  }
}

/** Open a page of the app; retried while a parallel rebuild of the web app has it missing. */
export async function openApp(page: Page, env: ChatEnv, pathAndQuery: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const res = await page.goto(`${env.askdb.url}${pathAndQuery}`);
    if (res && res.ok() && (res.headers()['content-type'] ?? '').includes('text/html')) return;
    if (attempt >= 15) throw new Error(`${pathAndQuery} is not served (${res?.status()})`);
    await page.waitForTimeout(2000);
  }
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
