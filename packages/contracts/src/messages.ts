/**
 * Server-side user-visible messages in the three languages. Each package defines its own table
 * with `defineMessages`; the server picks the language from the request (Accept-Language or
 * the `language` query) and calls `translate`.
 */
import type { Language } from './enums.js';

export type MessageTable = Record<string, Record<Language, string>>;

export function defineMessages<T extends MessageTable>(table: T): T {
  return table;
}

/** Replace `{name}` placeholders. Unknown placeholders stay as they are. */
export function format(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

export function translate(table: MessageTable, key: string, lang: Language = 'en-US', params?: Record<string, string | number>): string {
  const entry = table[key];
  if (!entry) return key;
  return format(entry[lang] ?? entry['en-US'], params);
}

/** Pick one of our languages from an Accept-Language header or a language code. */
export function pickLanguage(input?: string | null): Language {
  if (!input) return 'en-US';
  const parts = input.toLowerCase().split(',').map((p) => p.split(';')[0]!.trim());
  for (const p of parts) {
    if (p.startsWith('zh')) return 'zh-CN';
    if (p.startsWith('ja')) return 'ja-JP';
    if (p.startsWith('en')) return 'en-US';
  }
  return 'en-US';
}
