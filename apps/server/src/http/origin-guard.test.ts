/**
 * DNS rebinding and cross-site requests: a page on another site cannot drive the local app, even
 * after rebinding its name to 127.0.0.1. Real app, real listen for the raw Host tests.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';
import Fastify from 'fastify';
import { configFromEnv } from '../config.js';
import type { AppError } from './errors.js';
import { allowedHostNames, registerOriginGuard } from './origin-guard.js';

/** One raw HTTP request with exactly the headers given (no client adds or fixes any). */
function raw(port: number, method: string, url: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, setHost: false }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('local mode: Host and Origin', () => {
  let t: TestApp;
  let port: number;
  const create = JSON.stringify({ alias: 'mem', type: 'SQLITE', filePath: ':memory:' });
  const json = { 'content-type': 'application/json' };

  beforeAll(async () => {
    t = await testApp({}, { ASKDB_ALLOWED_HOSTS: 'askdb.lan, box.local:8080' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('serves its own names on any port', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'LOCALHOST', `[::1]:${port}`, 'askdb.lan:10824', 'box.local']) {
      const res = await raw(port, 'GET', '/api/connection/datasource/list', { host });
      expect(res.status, host).toBe(200);
    }
  });

  it('refuses a rebound name, with a message saying which and how to allow it', async () => {
    const res = await raw(port, 'GET', '/api/connection/datasource/list', { host: `evil.example:${port}` });
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('FORBIDDEN_HOST');
    expect(res.body.errorMessage).toContain('evil.example');
    expect(res.body.errorMessage).toContain('ASKDB_ALLOWED_HOSTS');
    // Also for the web app's pages and for writes, and in the user's language.
    expect((await raw(port, 'GET', '/', { host: 'evil.example' })).status).toBe(403);
    const zh = await raw(port, 'POST', '/api/connection/datasource/create', { host: 'evil.example', 'accept-language': 'zh-CN', ...json }, create);
    expect(zh.status).toBe(403);
    expect(zh.body.errorMessage).toContain('已拒绝');
    // A name that merely starts with an allowed one, and a request without Host.
    expect((await raw(port, 'GET', '/api/connection/datasource/list', { host: 'localhost.evil.example' })).status).toBe(403);
    expect((await raw(port, 'GET', '/api/connection/datasource/list', {})).status).toBeGreaterThanOrEqual(400);
  });

  it('takes a write from its own origin or without Origin, and refuses one from another site', async () => {
    const host = `127.0.0.1:${port}`;
    expect((await raw(port, 'POST', '/api/connection/datasource/create', { host, ...json }, create)).body.success).toBe(true);
    expect((await raw(port, 'POST', '/api/connection/datasource/create', { host, origin: `http://127.0.0.1:${port}`, ...json }, create)).body.success).toBe(true);
    const before = (await t.json('GET', '/api/connection/datasource/list')).body.data.total;
    for (const origin of ['http://evil.example', `http://localhost:${port}`, `https://127.0.0.1:${port}`, 'null', 'not a url']) {
      const res = await raw(port, 'POST', '/api/connection/datasource/create', { host, origin, ...json }, create);
      expect(res.status, origin).toBe(403);
      expect(res.body.errorCode).toBe('FORBIDDEN_ORIGIN');
    }
    const del = await raw(port, 'DELETE', '/api/connection/datasource/1', { host, origin: 'http://evil.example' });
    expect(del.body.errorCode).toBe('FORBIDDEN_ORIGIN');
    // Nothing was created or deleted by the refused requests.
    expect((await t.json('GET', '/api/connection/datasource/list')).body.data.total).toBe(before);
  });

  it('grants no CORS preflight and sends no Access-Control header', async () => {
    const host = `127.0.0.1:${port}`;
    const pre = await raw(port, 'OPTIONS', '/api/connection/datasource/create', { host, origin: 'http://evil.example', 'access-control-request-method': 'POST' });
    expect(pre.status).toBe(403);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const read = await raw(port, 'GET', '/api/connection/datasource/list', { host, origin: 'http://evil.example' });
    expect(read.status).toBe(200);
    expect(Object.keys(read.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });
});

describe('server mode', () => {
  /** The guard on a bare Fastify app with the envelope's error handling (no PostgreSQL store needed). */
  async function guarded(allowedHosts: string[]) {
    const app = Fastify();
    registerOriginGuard(app, { ...configFromEnv({}), mode: 'server', host: '0.0.0.0', allowedHosts });
    app.setErrorHandler((e, _req, reply) => reply.status((e as AppError).statusCode ?? 500).send({ errorCode: (e as AppError).errorCode }));
    app.get('/r', async () => ({ ok: true }));
    app.post('/w', async () => ({ ok: true }));
    return app;
  }

  it('without ASKDB_ALLOWED_HOSTS answers any Host but still checks Origin', async () => {
    const app = await guarded([]);
    expect((await app.inject({ method: 'GET', url: '/r', headers: { host: 'db.example.com' } })).json()).toEqual({ ok: true });
    const write = await app.inject({ method: 'POST', url: '/w', headers: { host: 'db.example.com', origin: 'https://evil.example' } });
    expect(write.json().errorCode).toBe('FORBIDDEN_ORIGIN');
    // Behind a TLS proxy the page's origin is https while the proxy speaks http to us.
    const proxied = await app.inject({ method: 'POST', url: '/w', headers: { host: 'db.example.com', origin: 'https://db.example.com', 'x-forwarded-proto': 'https' } });
    expect(proxied.json()).toEqual({ ok: true });
    expect((await app.inject({ method: 'POST', url: '/w', headers: { host: 'db.example.com', origin: 'https://db.example.com' } })).statusCode).toBe(403);
    // A proxy that passes its own upstream name as Host and the public one as X-Forwarded-Host.
    const rewritten = { host: '10.0.0.7:10824', 'x-forwarded-host': 'db.example.com', 'x-forwarded-proto': 'https' };
    expect((await app.inject({ method: 'POST', url: '/w', headers: { ...rewritten, origin: 'https://db.example.com' } })).json()).toEqual({ ok: true });
    expect((await app.inject({ method: 'POST', url: '/w', headers: { ...rewritten, origin: 'https://evil.example' } })).statusCode).toBe(403);
  });

  it('with ASKDB_ALLOWED_HOSTS answers only those names', async () => {
    const app = await guarded(['db.example.com']);
    expect((await app.inject({ method: 'GET', url: '/r', headers: { host: 'DB.example.com:443' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/r', headers: { host: 'evil.example' } })).json().errorCode).toBe('FORBIDDEN_HOST');
    expect(allowedHostNames({ mode: 'local', host: '127.0.0.1', allowedHosts: ['*'] })).toBeNull();
    expect(allowedHostNames({ mode: 'local', host: '192.168.1.5', allowedHosts: [] })!.has('192.168.1.5')).toBe(true);
  });
});
