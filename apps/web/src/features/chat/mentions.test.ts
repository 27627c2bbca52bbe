import { describe, expect, it } from 'vitest';
import { addMention, hasMention, insertMention, mentionAt, pruneMentions, type MentionedTable } from './mentions.js';

const t = (tableName: string): MentionedTable => ({ tableName, tableType: 'TABLE' });

describe('chat mentions', () => {
  it('finds the @query being typed, only after a space or at the start', () => {
    expect(mentionAt('count @ord', 10)).toEqual({ start: 6, query: 'ord' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('mail me@host', 12)).toBeNull();
    expect(mentionAt('count @orders rows', 18)).toBeNull();
  });

  it('replaces the typed query with the chosen table and a space', () => {
    expect(insertMention('count @ord rows', 6, 10, 'orders')).toEqual({ text: 'count @orders rows', caret: 14 });
    expect(insertMention('@cu', 0, 3, 'customers')).toEqual({ text: '@customers ', caret: 11 });
  });

  it('drops a mentioned table when its @name is deleted, keeps prefixes apart', () => {
    const list = [t('orders'), t('order_items')];
    expect(pruneMentions('join @order_items and @orders', list)).toBe(list);
    expect(pruneMentions('join @order_items', list)).toEqual([t('order_items')]);
    expect(pruneMentions('join @orders, please', list)).toEqual([t('orders')]);
    expect(hasMention('@orders_x', 'orders')).toBe(false);
  });

  it('allows at most 8 tables', () => {
    let list: MentionedTable[] = [];
    for (let i = 0; i < 8; i++) list = addMention(list, t(`t${i}`))!;
    expect(list).toHaveLength(8);
    expect(addMention(list, t('t8'))).toBeNull();
    expect(addMention(list, t('t3'))).toBe(list);
  });
});
