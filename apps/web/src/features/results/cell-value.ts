/**
 * What the cell value viewer shows (issue 25 item 9): the whole value; JSON pretty-printed; binary
 * (`0x…` over the API) as a hex dump with offsets and the printable characters.
 */
export type CellView = { kind: 'null' | 'text' | 'json' | 'binary'; text: string };

const HEX = /^0x([0-9a-fA-F]{2})*$/;
const BYTES_PER_LINE = 16;

/** `binary`: the column holds bytes (columnKind), which the API sends as `0x…` hex. */
export function cellView(value: string | null | undefined, binary = false): CellView {
  if (value === null || value === undefined) return { kind: 'null', text: 'NULL' };
  if (binary && HEX.test(value)) return { kind: 'binary', text: hexDump(value.slice(2)) };
  const trimmed = value.trim();
  if (/^[[{]/.test(trimmed)) {
    try {
      return { kind: 'json', text: JSON.stringify(JSON.parse(trimmed), null, 2) };
    } catch {
      /* not JSON: shown as text */
    }
  }
  return { kind: 'text', text: value };
}

/** `00000000  48 65 6c 6c 6f …  |Hello|`, 16 bytes a line. */
export function hexDump(hex: string): string {
  const lines: string[] = [];
  for (let at = 0; at < hex.length; at += BYTES_PER_LINE * 2) {
    const bytes = hex.slice(at, at + BYTES_PER_LINE * 2).match(/../g) ?? [];
    const ascii = bytes.map((b) => {
      const n = parseInt(b, 16);
      return n >= 0x20 && n < 0x7f ? String.fromCharCode(n) : '.';
    });
    lines.push(`${(at / 2).toString(16).padStart(8, '0')}  ${bytes.join(' ').toLowerCase().padEnd(BYTES_PER_LINE * 3 - 1)}  |${ascii.join('')}|`);
  }
  return lines.join('\n');
}
