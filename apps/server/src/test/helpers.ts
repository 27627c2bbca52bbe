/** Test helpers: an app on a temporary ASKDB_HOME, driven with Fastify's inject (real store, real drivers). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuiltApp } from '../app.js';
import { configFromEnv, type AppConfig } from '../config.js';

export interface TestApp extends BuiltApp {
  home: string;
  close(): Promise<void>;
  json<T = any>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: { success: boolean; data: T; errorCode?: string; errorMessage?: string } }>;
}

export async function testApp(overrides: Partial<AppConfig> = {}, env: Record<string, string> = {}): Promise<TestApp> {
  const home = overrides.home ?? fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-test-'));
  const config = { ...configFromEnv({ ...env, ASKDB_HOME: home }), logLevel: 'silent', ...overrides, home };
  const built = await buildApp(config, { logger: false });
  return {
    ...built,
    home,
    async close() {
      await built.app.close();
      if (!overrides.home) fs.rmSync(home, { recursive: true, force: true });
    },
    async json(method, url, body, headers) {
      const res = await built.app.inject({ method: method as 'GET', url, payload: body as object | undefined, headers });
      return { status: res.statusCode, body: res.json() };
    },
  };
}

export const PG_URL = process.env.ASKDB_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
