/** Helpers of the named-chat tests: multipart bodies, SSE events, waiting for an Excel chat to load. */
import ExcelJS from 'exceljs';
import type { TestApp } from './helpers.js';

export function multipart(files: { name: string; content: Buffer | string }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----askdb${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    chunks.push(typeof f.content === 'string' ? Buffer.from(f.content) : f.content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(t: TestApp, files: { name: string; content: Buffer | string }[], headers: Record<string, string> = {}) {
  const m = multipart(files);
  const res = await t.app.inject({ method: 'POST', url: '/api/ai/chat/excel', payload: m.payload, headers: { ...m.headers, ...headers } });
  return { status: res.statusCode, body: res.json() };
}

export function sse(body: string): any[] {
  return body.split('\n\n').filter((b) => b.startsWith('data: ')).map((b) => b.slice(6)).map((d) => (d === '[DONE]' ? d : JSON.parse(d)));
}

export async function post(t: TestApp, url: string, payload: object, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url, payload, headers });
  return { status: res.statusCode, events: res.headers['content-type']?.toString().includes('event-stream') ? sse(res.body) : [], json: res.headers['content-type']?.toString().includes('json') ? res.json() : null };
}

/** The final parts of an answer stream (last event per step). */
export function finalParts(events: any[]): any[] {
  const parts: any[] = [];
  for (const e of events) if (e && typeof e === 'object' && e.part) parts[e.part.step] = e.part;
  return parts;
}

/** Polls the chat brief until the file is loaded (or failed); answers the brief and the progress values seen. */
export async function waitLoaded(t: TestApp, id: number, headers: Record<string, string> = {}) {
  const seen: number[] = [];
  for (let i = 0; i < 600; i++) {
    const b = (await t.json('GET', `/api/v2/ai/chat/getChatBrief?id=${id}`, undefined, headers)).body.data;
    seen.push(b.excel.progress);
    if (b.excel.status !== 'LOADING') return { brief: b, seen };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the file did not load');
}

export async function xlsx(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
