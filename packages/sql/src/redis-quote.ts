/** A text argument written as redis-cli (and AskDB's Redis command parser) reads it: bare when plain, else double-quoted with escapes. */
export function quoteRedisText(text: string): string {
  if (/^[^\s"'\\]+$/.test(text)) return text;
  let out = '"';
  for (const ch of text) {
    if (ch === '"' || ch === '\\') out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch.charCodeAt(0) < 32) out += '\\x' + ch.charCodeAt(0).toString(16).padStart(2, '0');
    else out += ch;
  }
  return out + '"';
}
