/**
 * Splits streamed content into answer text and `<think>…</think>` reasoning. Tags may arrive
 * split across chunks (`<thi` + `nk>`), so a tail that could be the start of a tag is held back
 * until the next chunk decides it. Reasoning models put one think section first; any number is
 * handled. The newline right after `</think>` is dropped so the answer does not start blank.
 */
import type { LlmDelta } from './provider.js';

const OPEN = '<think>';
const CLOSE = '</think>';

export class ThinkSplitter {
  private inThink = false;
  private held = '';
  private trimNextLeadingNewline = false;

  push(text: string): LlmDelta[] {
    const out: LlmDelta[] = [];
    let s = this.held + text;
    this.held = '';
    while (s.length > 0) {
      const tag = this.inThink ? CLOSE : OPEN;
      const at = s.indexOf(tag);
      if (at >= 0) {
        this.emit(out, s.slice(0, at));
        s = s.slice(at + tag.length);
        this.inThink = !this.inThink;
        if (!this.inThink) this.trimNextLeadingNewline = true;
        continue;
      }
      const keep = partialTagSuffix(s, tag);
      this.emit(out, s.slice(0, s.length - keep));
      this.held = s.slice(s.length - keep);
      break;
    }
    return out;
  }

  /** End of stream: whatever was held back is plain text of the current section. */
  end(): LlmDelta[] {
    const out: LlmDelta[] = [];
    this.emit(out, this.held);
    this.held = '';
    return out;
  }

  private emit(out: LlmDelta[], text: string): void {
    if (!this.inThink && this.trimNextLeadingNewline && text.length > 0) {
      text = text.replace(/^\r?\n+/, '');
      if (text.length > 0) this.trimNextLeadingNewline = false;
    }
    if (text.length === 0) return;
    const type = this.inThink ? 'thinking' : 'content';
    const last = out[out.length - 1];
    if (last && last.type === type) last.text += text;
    else out.push({ type, text });
  }
}

/** Length of the longest suffix of `s` that is a proper prefix of `tag`. */
function partialTagSuffix(s: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, s.length); n > 0; n--) {
    if (s.endsWith(tag.slice(0, n))) return n;
  }
  return 0;
}
