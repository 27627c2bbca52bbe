/** Helpers of the import / export task tests: uploads through the multipart route, waiting for a task, a tiny zip writer. */
import zlib from 'node:zlib';
import type { TaskView } from '@askdb/contracts';
import type { TestApp } from './helpers.js';

export function multipart(name: string, content: Buffer) {
  const boundary = '----askdbtest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(t: TestApp, name: string, content: Buffer, headers: Record<string, string> = {}): Promise<string> {
  const m = multipart(name, content);
  const res = await t.app.inject({ method: 'POST', url: '/api/task/upload', payload: m.payload, headers: { ...m.headers, ...headers } });
  const body = res.json();
  if (!body.success) throw new Error(`upload failed: ${res.body}`);
  return body.data.uploadId as string;
}

/** Polls a task until it ends; `seen` collects every state observed on the way. */
export async function waitTask(t: TestApp, id: number, seen: TaskView[] = [], headers: Record<string, string> = {}, onPoll?: (v: TaskView) => Promise<void> | void): Promise<TaskView> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const r = await t.app.inject({ method: 'GET', url: `/api/task/get?id=${id}`, headers });
    const v = r.json().data as TaskView;
    seen.push(v);
    if (onPoll) await onPoll(v);
    if (['DONE', 'FAILED', 'STOPPED'].includes(v.state)) return v;
    if (Date.now() > deadline) throw new Error(`task ${id} still ${v.state}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

/** A zip of deflated entries; `declare` overrides the uncompressed size the directory states. */
export function zipOf(entries: { name: string; data: Buffer; declare?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const comp = zlib.deflateRawSync(e.data);
    const name = Buffer.from(e.name);
    const size = e.declare ?? e.data.length;
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0); lh.writeUInt16LE(20, 4); lh.writeUInt16LE(8, 8);
    lh.writeUInt32LE(0, 14); lh.writeUInt32LE(comp.length, 18); lh.writeUInt32LE(size, 22); lh.writeUInt16LE(name.length, 26);
    locals.push(lh, name, comp);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0); ch.writeUInt16LE(20, 4); ch.writeUInt16LE(20, 6); ch.writeUInt16LE(8, 10);
    ch.writeUInt32LE(comp.length, 20); ch.writeUInt32LE(size, 24); ch.writeUInt16LE(name.length, 28); ch.writeUInt32LE(offset, 42);
    central.push(ch, name);
    offset += 30 + name.length + comp.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(entries.length, 8); end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** `n` rows of id,name,amount,created with a header. */
export function csvRows(n: number, from = 1, eol = '\n'): string {
  const out: string[] = [];
  for (let i = from; i < from + n; i++) out.push(`${i},"name ${i}, the ${i % 7}th",${(i * 1.25).toFixed(2)},2024-01-${String((i % 28) + 1).padStart(2, '0')}`);
  return out.join(eol) + eol;
}
export const CSV_HEADER = 'id,name,amount,created\n';
