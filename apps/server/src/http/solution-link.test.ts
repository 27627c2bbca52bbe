/** Issue 29 item 17: known error codes carry a solution link to a help page that exists; others carry none. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';
import { solutionLinkFor } from './errors.js';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public');

describe('solutionLink in the error envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ demo: false });
  });
  afterAll(async () => t?.close());

  it('a refused connection (nothing listens on the port) links to the connection help', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/connection/datasource/pre_connect',
      headers: { host: '127.0.0.1' },
      payload: { type: 'POSTGRESQL', host: '127.0.0.1', port: 1, user: 'postgres', password: '' },
    });
    const body = r.json();
    expect(body.success).toBe(false);
    expect(body.errorCode).toBe('CONNECTION_FAILED');
    expect(body.solutionLink).toBe('/help/connection.html#CONNECTION_FAILED');
  });

  it('a code without a help page has no link', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/connection/datasource/987654321', headers: { host: '127.0.0.1' } });
    expect(r.json().success).toBe(false);
    expect(r.json()).not.toHaveProperty('solutionLink');
  });

  it('every link points at a help page with that code as an anchor', () => {
    const codes = ['NO_DATA_ACCESS_PERMISSION', 'NO_SCRIPT_PERMISSION', 'CONNECTION_FAILED', 'FORBIDDEN_HOST', 'TRANSACTION_NEEDS_SESSION', 'AI_KEY_INVALID', 'AI_NOT_CONFIGURED', 'AI_UNREACHABLE', 'OFFLINE_TRIAL_EXPIRED', 'LICENSE_BIND_COUNT_EXCEEDS'];
    for (const code of codes) {
      const link = solutionLinkFor(code)!;
      expect(link, code).toMatch(/^\/help\/[a-z-]+\.html#/);
      const [file, anchor] = link.slice(1).split('#') as [string, string];
      const page = path.join(publicDir, file);
      expect(existsSync(page), page).toBe(true);
      const html = readFileSync(page, 'utf8');
      expect(html.includes(`id="${anchor}"`), `${file}#${anchor}`).toBe(true);
    }
    expect(solutionLinkFor('NOT_FOUND')).toBeUndefined();
  });
});
