import { describe, expect, it } from 'vitest';
import { isSqlBlock, parseInline, parseMarkdown, sqlBlocks } from './markdown.js';

describe('markdown parser', () => {
  it('parses a typical answer: text, a SQL fence, a list', () => {
    const md = 'Here is the query:\n\n```sql\nSELECT *\nFROM orders;\n```\n\n- first **point**\n- second `code`\n';
    const blocks = parseMarkdown(md);
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'code', 'list']);
    expect(blocks[1]).toEqual({ type: 'code', lang: 'sql', text: 'SELECT *\nFROM orders;', closed: true });
    const list = blocks[2] as Extract<(typeof blocks)[number], { type: 'list' }>;
    expect(list.items).toHaveLength(2);
    expect(list.items[0]![0]).toEqual({ type: 'paragraph', children: [{ type: 'text', text: 'first ' }, { type: 'strong', children: [{ type: 'text', text: 'point' }] }] });
  });

  it('an unclosed fence while streaming is still a code block', () => {
    expect(parseMarkdown('Query:\n```sql\nSELECT 1')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'Query:' }] },
      { type: 'code', lang: 'sql', text: 'SELECT 1', closed: false },
    ]);
  });

  it('keeps HTML as text and drops unsafe link targets', () => {
    const inl = parseInline('<img src=x onerror=alert(1)> [click](javascript:alert(1)) [ok](https://example.com)');
    expect(inl[0]).toEqual({ type: 'text', text: '<img src=x onerror=alert(1)> ' });
    expect(inl.some((n) => n.type === 'link' && n.href.startsWith('javascript'))).toBe(false);
    expect(inl.find((n) => n.type === 'link')).toMatchObject({ href: 'https://example.com' });
  });

  it('does not treat snake_case underscores as emphasis', () => {
    expect(parseInline('use order_items and customer_id')).toEqual([{ type: 'text', text: 'use order_items and customer_id' }]);
    expect(parseInline('an *important* _word_')).toEqual([
      { type: 'text', text: 'an ' },
      { type: 'em', children: [{ type: 'text', text: 'important' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'word' }] },
    ]);
  });

  it('parses headings, tables, quotes, ordered lists and rules', () => {
    const blocks = parseMarkdown('## Result\n\n| a | b |\n|:--|--:|\n| 1 | `x|y` |\n\n> note\n\n3. three\n4. four\n\n---');
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'table', 'quote', 'list', 'hr']);
    const table = blocks[1] as Extract<(typeof blocks)[number], { type: 'table' }>;
    expect(table.align).toEqual(['left', 'right']);
    expect(table.rows[0]![1]).toEqual([{ type: 'code', text: 'x|y' }]);
    expect(blocks[3]).toMatchObject({ ordered: true, start: 3 });
  });

  it('finds the SQL blocks of an answer', () => {
    const blocks = parseMarkdown('```sql\nSELECT 1\n```\n\n```python\nprint(1)\n```\n\n```\nupdate t set a = 1\n```');
    expect(sqlBlocks(blocks)).toEqual(['SELECT 1', 'update t set a = 1']);
    expect(isSqlBlock('', 'hello')).toBe(false);
  });
});
