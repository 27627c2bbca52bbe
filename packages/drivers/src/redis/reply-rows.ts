/**
 * A Redis reply rendered as a result table: a scalar is one cell, a flat list is one row per
 * element, field/value replies (HGETALL, CONFIG GET, …WITHSCORES, HSCAN) are two columns, INFO is
 * key/value lines. Bytes are text when valid UTF-8, else 0x hex.
 */
import { jsonReplacer, textOrHex, type Cell } from '../values.js';

export interface ReplyTable { columns: { name: string; type: string }[]; rows: Cell[][] }

const PAIR_COMMANDS = new Set(['HGETALL', 'CONFIG', 'HRANDFIELD']);

export function replyTable(command: string, args: string[], reply: unknown): ReplyTable {
  const cmd = command.toUpperCase();
  const withScores = args.some((a) => a.toUpperCase() === 'WITHSCORES' || a.toUpperCase() === 'WITHVALUES');
  if (cmd === 'INFO' && Buffer.isBuffer(reply)) return infoTable(reply.toString('utf8'));
  if (!Array.isArray(reply)) return { columns: [{ name: 'value', type: 'string' }], rows: [[scalar(reply)]] };

  if (/^(SCAN|HSCAN|SSCAN|ZSCAN)$/.test(cmd) && reply.length === 2 && Array.isArray(reply[1])) {
    const [cursor, items] = reply as [unknown, unknown[]];
    const label = `cursor ${scalar(cursor)}`;
    if (cmd === 'HSCAN' || cmd === 'ZSCAN') return pairs(items, cmd === 'HSCAN' ? ['field', 'value'] : ['member', 'score'], label);
    return { columns: [{ name: label, type: 'string' }], rows: items.map((i) => [scalar(i)]) };
  }
  if (PAIR_COMMANDS.has(cmd) && (cmd !== 'HRANDFIELD' || withScores)) return pairs(reply, ['field', 'value']);
  if (cmd.startsWith('Z') && withScores) return pairs(reply, ['member', 'score']);
  return {
    columns: [{ name: '#', type: 'integer' }, { name: 'value', type: 'string' }],
    rows: reply.map((item, i) => [String(i + 1), scalar(item)]),
  };
}

function pairs(items: unknown[], names: [string, string], firstName?: string): ReplyTable {
  const rows: Cell[][] = [];
  for (let i = 0; i + 1 < items.length; i += 2) rows.push([scalar(items[i]), scalar(items[i + 1])]);
  return { columns: [{ name: firstName ? `${names[0]} (${firstName})` : names[0], type: 'string' }, { name: names[1], type: 'string' }], rows };
}

function infoTable(text: string): ReplyTable {
  const rows: Cell[][] = [];
  let section = '';
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#')) { section = line.slice(1).trim(); continue; }
    const at = line.indexOf(':');
    if (at > 0) rows.push([section, line.slice(0, at), line.slice(at + 1)]);
  }
  return { columns: [{ name: 'section', type: 'string' }, { name: 'key', type: 'string' }, { name: 'value', type: 'string' }], rows };
}

/** One reply element as a cell: nil → null, bytes → text or hex, nested lists → JSON. */
export function scalar(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return textOrHex(value);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return JSON.stringify(value.map(scalar), jsonReplacer);
  if (value instanceof Error) return value.message;
  return String(value);
}
