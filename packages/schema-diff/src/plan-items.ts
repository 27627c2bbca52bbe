/**
 * What the schema-sync dialog needs beside the script (issue 26): each statement with the kind of
 * object it changes (to group by), whether it drops something only the target has (destructive:
 * unticked by default), and a note when the change cannot be made in place.
 */
import { defineMessages, translate, type Language } from '@askdb/contracts';
import type { ColumnModel } from './model.js';

export type PlanItemKind =
  | 'table' | 'column' | 'index' | 'foreignKey' | 'view' | 'sequence' | 'comment' | 'other'
  | 'extension' | 'type' | 'domain' | 'function' | 'procedure' | 'aggregate' | 'trigger' | 'eventTrigger' | 'rule'
  | 'policy' | 'rowSecurity' | 'partition' | 'event' | 'constraint' | 'identity';

export interface PlanItem {
  sql: string;
  kind: PlanItemKind;
  /** Drops an object that only the target has. */
  destructive: boolean;
  /** Why this change is not made in place, written as a comment above the statement in the script. */
  note?: string;
}

/** The kind of a statement the table generator wrote, from its leading words. */
export function statementKind(sql: string): PlanItemKind {
  const head = sql.replace(/^\s+/, '').slice(0, 120).toUpperCase().replace(/\s+/g, ' ');
  if (/^(CREATE|DROP|ALTER) (OR REPLACE )?(MATERIALIZED )?VIEW\b/.test(head)) return 'view';
  if (/^(CREATE (UNIQUE )?INDEX|DROP INDEX|ALTER INDEX)\b/.test(head) || /^CREATE (UNIQUE )?(CLUSTERED |NONCLUSTERED )?INDEX\b/.test(head)) return 'index';
  if (/^(CREATE|DROP|ALTER) SEQUENCE\b/.test(head) || /^SELECT (PG_CATALOG\.)?SETVAL\b/.test(head)) return 'sequence';
  if (/^COMMENT ON\b/.test(head) || /^EXEC SP_(ADD|UPDATE|DROP)EXTENDEDPROPERTY\b/.test(head)) return 'comment';
  if (/^ALTER TABLE .* (ADD|DROP) (CONSTRAINT \S+ )?FOREIGN KEY\b/.test(head) || /^ALTER TABLE .* DROP FOREIGN KEY\b/.test(head)) return 'foreignKey';
  if (/^ALTER TABLE .* (ALTER|MODIFY|CHANGE|ADD|DROP|RENAME) COLUMN\b/.test(head)) return 'column';
  return 'table';
}

const messages = defineMessages({
  typeCast: {
    'en-US': 'Not in place: {column} changes from {from} to {to}; every value is converted, and one that does not convert stops this statement.',
    'zh-CN': '无法原地修改：{column} 从 {from} 改为 {to}；每个值都会转换，无法转换的值会使此语句失败。',
    'ja-JP': 'その場では変更できません：{column} を {from} から {to} に変更します。すべての値が変換され、変換できない値があるとこの文は失敗します。',
  },
  partition: {
    'en-US': 'Not in place: the bounds of partition {name} cannot be altered; it is dropped and created again (move its rows out first to keep them).',
    'zh-CN': '无法原地修改：分区 {name} 的范围不能更改；它会被删除后重新创建（如需保留数据，请先移出其中的行）。',
    'ja-JP': 'その場では変更できません：パーティション {name} の範囲は変更できないため、削除して作り直します（行を残すには先に移動してください）。',
  },
  replaced: {
    'en-US': 'Not in place: {name} cannot be altered; it is dropped and created again.',
    'zh-CN': '无法原地修改：{name} 不能修改，将被删除后重新创建。',
    'ja-JP': 'その場では変更できません：{name} は変更できないため、削除して作り直します。',
  },
  rebuild: {
    'en-US': 'Not in place: ALTER TABLE cannot make this change to {name}; the table is rebuilt (created anew, rows copied, old table dropped).',
    'zh-CN': '无法原地修改：ALTER TABLE 无法对 {name} 做此更改；将重建该表（新建、复制行、删除旧表）。',
    'ja-JP': 'その場では変更できません：ALTER TABLE では {name} にこの変更ができないため、テーブルを再構築します（新規作成、行のコピー、旧テーブルの削除）。',
  },
});

export type NoteKey = keyof typeof messages;
export const noteText = (lang: Language, key: NoteKey, params: Record<string, string>) => translate(messages, key, lang, params);

const family = (type: string): string => {
  const t = type.toLowerCase();
  if (/^(small|big|tiny|medium)?int|^integer|^serial|^bigserial|^numeric|^decimal|^real|^double|^float|^number|^money/.test(t)) return 'number';
  if (/char|text|^string|^clob|^citext|^name$/.test(t)) return 'text';
  if (/^(date|time|timestamp|interval|year)/.test(t)) return 'time';
  if (/^bool/.test(t)) return 'bool';
  return t.replace(/\(.*$/, '').replace(/\[\]$/, '[]');
};

const size = (type: string): number[] => (/\(([\d,\s]+)\)/.exec(type)?.[1] ?? '').split(',').filter(Boolean).map(Number);

/** Whether a type change converts values in a way that can fail (a different kind of value, or a narrower one). */
export function typeChangeCanFail(from: ColumnModel, to: ColumnModel): boolean {
  if (from.type === to.type) return false;
  const a = family(from.type);
  const b = family(to.type);
  if (b === 'text' && a !== 'text') return false; // anything reads as text
  if (a !== b) return true;
  const [x, y] = [size(from.type), size(to.type)];
  if (!y.length) return !x.length && intRank(to.type) < intRank(from.type); // unbounded, or a narrower integer
  if (!x.length) return true; // unbounded to bounded
  return y.some((n, i) => n < (x[i] ?? 0));
}

const INT_RANK: Record<string, number> = { tinyint: 1, smallint: 2, int2: 2, mediumint: 3, int: 4, integer: 4, int4: 4, bigint: 5, int8: 5 };
const intRank = (type: string) => INT_RANK[type.toLowerCase().split(/[\s(]/)[0]!] ?? 0;
