/**
 * The MongoDB console language: the mongosh forms people type — `db.orders.find({status: 'A'},
 * {_id: 0}).sort({ts: -1}).limit(10)`, `db.getCollection('x').aggregate([...])`,
 * `db.runCommand({...})`, `show dbs`, `show collections`, `use shop`, or a bare command document.
 * Arguments are JavaScript literals (unquoted keys, single quotes, ObjectId(), ISODate(),
 * NumberLong(), NumberDecimal(), /regex/), parsed here without evaluating any code.
 */
import { BSONRegExp, Decimal128, Int32, Long, ObjectId, UUID } from 'mongodb';

export type ShellCommand =
  | { kind: 'collection'; collection: string; method: string; args: unknown[]; chain: { method: string; args: unknown[] }[] }
  | { kind: 'db'; method: string; args: unknown[] }
  | { kind: 'show'; what: string }
  | { kind: 'use'; database: string }
  | { kind: 'command'; document: Record<string, unknown> };

export class ShellSyntaxError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

export function parseShell(text: string): ShellCommand {
  const p = new Parser(text);
  const command = p.program();
  return command;
}

const IDENT = /[A-Za-z_$][\w$]*/y;
const NUMBER = /-?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|Infinity|NaN)/y;

class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  program(): ShellCommand {
    this.ws();
    const show = this.tryWord('show');
    if (show) return { kind: 'show', what: this.expectIdent().toLowerCase() };
    if (this.tryWord('use')) return { kind: 'use', database: this.expectIdent() };
    if (this.peek() === '{') {
      const document = this.value() as Record<string, unknown>;
      this.end();
      return { kind: 'command', document };
    }
    const start = this.i;
    if (this.expectIdent() !== 'db') throw this.error('Commands start with db., show, use, or a { command document }', start);
    let collection: string | null = null;
    this.ws();
    if (this.peek() === '[') {
      this.i++;
      collection = String(this.value());
      this.expect(']');
    } else {
      this.expect('.');
      const name = this.expectIdent();
      this.ws();
      if (this.peek() === '(') {
        const args = this.args();
        if (name === 'getCollection' || name === 'getSiblingDB') {
          if (name === 'getSiblingDB') throw this.error('getSiblingDB is not supported here: pick the database (use <name>) instead', start);
          collection = String(args[0]);
        } else {
          this.end();
          return { kind: 'db', method: name, args };
        }
      } else {
        collection = name;
        // db.logs.2024 style dotted collection names
        while (this.peekAfterWs() === '.' && this.lookaheadIdentNotCall()) {
          this.ws(); this.i++;
          collection += '.' + this.expectIdent();
        }
      }
    }
    this.ws();
    this.expect('.');
    const method = this.expectIdent();
    const args = this.args();
    const chain: { method: string; args: unknown[] }[] = [];
    for (;;) {
      this.ws();
      if (this.peek() !== '.') break;
      this.i++;
      chain.push({ method: this.expectIdent(), args: this.args() });
    }
    this.end();
    return { kind: 'collection', collection: collection!, method, args, chain };
  }

  private lookaheadIdentNotCall(): boolean {
    const save = this.i;
    this.ws();
    this.i++;
    this.ws();
    IDENT.lastIndex = this.i;
    const m = IDENT.exec(this.s);
    let result = false;
    if (m) {
      this.i += m[0].length;
      this.ws();
      result = this.peek() === '.';
    }
    this.i = save;
    return result;
  }

  private args(): unknown[] {
    this.ws();
    this.expect('(');
    const out: unknown[] = [];
    this.ws();
    if (this.peek() === ')') { this.i++; return out; }
    for (;;) {
      out.push(this.value());
      this.ws();
      if (this.peek() === ',') { this.i++; continue; }
      this.expect(')');
      return out;
    }
  }

  value(): unknown {
    this.ws();
    const c = this.peek();
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"' || c === "'") return this.string();
    if (c === '/') return this.regex();
    NUMBER.lastIndex = this.i;
    const num = NUMBER.exec(this.s);
    if (num && (c === '-' || c === '.' || /\d/.test(c) || num[0] === 'Infinity' || num[0] === 'NaN')) {
      this.i += num[0].length;
      return Number(num[0]);
    }
    const start = this.i;
    let word = this.ident();
    if (word === null) throw this.error(`Unexpected ${c ? `"${c}"` : 'end of input'}`, this.i);
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    if (word === 'undefined') return undefined;
    if (word === 'new') { this.ws(); word = this.expectIdent(); }
    const args = this.args();
    return construct(word, args, () => this.error(`Unknown constructor ${word}()`, start));
  }

  private object(): Record<string, unknown> {
    this.expect('{');
    const out: Record<string, unknown> = {};
    for (;;) {
      this.ws();
      if (this.peek() === '}') { this.i++; return out; }
      const c = this.peek();
      let key: string;
      if (c === '"' || c === "'") key = this.string();
      else {
        NUMBER.lastIndex = this.i;
        const num = /\d/.test(c) ? NUMBER.exec(this.s) : null;
        if (num) { this.i += num[0].length; key = num[0]; } else key = this.expectIdent();
      }
      this.ws();
      this.expect(':');
      out[key] = this.value();
      this.ws();
      if (this.peek() === ',') { this.i++; continue; }
      this.expect('}');
      return out;
    }
  }

  private array(): unknown[] {
    this.expect('[');
    const out: unknown[] = [];
    for (;;) {
      this.ws();
      if (this.peek() === ']') { this.i++; return out; }
      out.push(this.value());
      this.ws();
      if (this.peek() === ',') { this.i++; continue; }
      this.expect(']');
      return out;
    }
  }

  private string(): string {
    const quote = this.s[this.i]!;
    const start = this.i++;
    let out = '';
    for (;;) {
      if (this.i >= this.s.length) throw this.error('Unterminated string', start);
      const c = this.s[this.i++]!;
      if (c === quote) return out;
      if (c !== '\\') { out += c; continue; }
      const e = this.s[this.i++];
      if (e === 'n') out += '\n';
      else if (e === 't') out += '\t';
      else if (e === 'r') out += '\r';
      else if (e === 'b') out += '\b';
      else if (e === 'f') out += '\f';
      else if (e === 'u') { out += String.fromCharCode(parseInt(this.s.slice(this.i, this.i + 4), 16)); this.i += 4; }
      else out += e ?? '';
    }
  }

  private regex(): RegExp | BSONRegExp {
    const start = this.i++;
    let body = '';
    let inClass = false;
    for (;;) {
      if (this.i >= this.s.length) throw this.error('Unterminated regular expression', start);
      const c = this.s[this.i++]!;
      if (c === '\\') { body += c + (this.s[this.i++] ?? ''); continue; }
      if (c === '[') inClass = true;
      if (c === ']') inClass = false;
      if (c === '/' && !inClass) break;
      body += c;
    }
    const flags = /[a-z]*/y;
    flags.lastIndex = this.i;
    const f = flags.exec(this.s)![0];
    this.i += f.length;
    return new BSONRegExp(body, f);
  }

  private ident(): string | null {
    IDENT.lastIndex = this.i;
    const m = IDENT.exec(this.s);
    if (!m) return null;
    this.i += m[0].length;
    return m[0];
  }

  private expectIdent(): string {
    this.ws();
    const id = this.ident();
    if (id === null) throw this.error('Expected a name', this.i);
    return id;
  }

  private tryWord(word: string): boolean {
    const m = new RegExp(`${word}\\b`, 'y');
    m.lastIndex = this.i;
    if (!m.test(this.s)) return false;
    this.i += word.length;
    return true;
  }

  private expect(ch: string): void {
    this.ws();
    if (this.s[this.i] !== ch) throw this.error(`Expected "${ch}"`, this.i);
    this.i++;
  }

  private end(): void {
    this.ws();
    if (this.peek() === ';') { this.i++; this.ws(); }
    if (this.i < this.s.length) throw this.error(`Unexpected "${this.s[this.i]}"`, this.i);
  }

  private peek(): string {
    return this.s[this.i] ?? '';
  }

  private peekAfterWs(): string {
    const save = this.i;
    this.ws();
    const c = this.peek();
    this.i = save;
    return c;
  }

  private ws(): void {
    for (;;) {
      const rest = this.s.slice(this.i);
      const m = /^(\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)/.exec(rest);
      if (!m) return;
      this.i += m[0].length;
    }
  }

  private error(message: string, offset: number): ShellSyntaxError {
    return new ShellSyntaxError(message, offset);
  }
}

function construct(name: string, args: unknown[], unknown: () => Error): unknown {
  const a = args[0];
  switch (name) {
    case 'ObjectId': return a === undefined ? new ObjectId() : new ObjectId(String(a));
    case 'ISODate': case 'Date': return a === undefined ? new Date() : new Date(a as string | number);
    case 'NumberLong': return Long.fromString(String(a ?? 0));
    case 'NumberInt': return new Int32(Number(a ?? 0));
    case 'NumberDecimal': return Decimal128.fromString(String(a ?? 0));
    case 'UUID': return a === undefined ? new UUID() : new UUID(String(a));
    case 'RegExp': return new BSONRegExp(String(a), String(args[1] ?? ''));
    default: throw unknown();
  }
}
