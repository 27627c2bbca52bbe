/**
 * Server-sent events, parsed as the WHATWG spec says (and a little more leniently):
 * lines end in LF, CRLF or CR (a CR at a chunk's end may pair with an LF in the next chunk);
 * `data:` lines of one event are joined with LF; one space after the colon is dropped;
 * `:` lines are comments; a leading BOM is ignored; an event is dispatched on a blank line,
 * and a last event without its blank line is still dispatched at the end of the stream
 * (several OpenAI-compatible servers omit it). Multi-byte characters split across network
 * chunks are decoded correctly.
 */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export class SseParser {
  private buffer = '';
  private pendingCr = false;
  private started = false;
  private data: string[] = [];
  private hasData = false;
  private eventName = '';
  private lastId: string | undefined;

  /** Feed decoded text; returns the events completed by it. */
  push(text: string): SseEvent[] {
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const out: SseEvent[] = [];
    let s = text;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (s.startsWith('\n')) s = s.slice(1);
    }
    this.buffer += s;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      this.line(this.buffer.slice(start, i), out);
      if (c === 13) {
        if (i + 1 === this.buffer.length) this.pendingCr = true;
        else if (this.buffer.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  /** End of stream: dispatch what is left. */
  end(): SseEvent[] {
    const out: SseEvent[] = [];
    if (this.buffer.length > 0) this.line(this.buffer, out);
    this.buffer = '';
    this.dispatch(out);
    return out;
  }

  private line(line: string, out: SseEvent[]): void {
    if (line === '') {
      this.dispatch(out);
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        this.hasData = true;
        break;
      case 'event':
        this.eventName = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      default:
        // `retry` and unknown fields are ignored, as the spec says.
        break;
    }
  }

  private dispatch(out: SseEvent[]): void {
    if (this.hasData) {
      out.push({ event: this.eventName || 'message', data: this.data.join('\n'), id: this.lastId });
    }
    this.data = [];
    this.hasData = false;
    this.eventName = '';
  }
}

/** Events of a byte stream (a fetch body). */
export async function* readSse(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder('utf-8');
  const parser = new SseParser();
  for await (const chunk of body) {
    for (const ev of parser.push(decoder.decode(chunk, { stream: true }))) yield ev;
  }
  for (const ev of parser.push(decoder.decode())) yield ev;
  for (const ev of parser.end()) yield ev;
}

/**
 * One message of AskDB's own chat stream (API.md): `data: <json>` and a blank line, or
 * `data: [DONE]` at the end. JSON never contains a raw line break, so one data line suffices.
 */
export function sseMessage(payload: unknown): string {
  return `data: ${payload === '[DONE]' ? '[DONE]' : JSON.stringify(payload)}\n\n`;
}
