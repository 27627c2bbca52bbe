/**
 * The answer follows the user's language: the language the question is written in when it is
 * prose; the UI language when the input is SQL (explain, optimize, debug, convert) or when the
 * text gives no clue.
 */
import type { Language } from '@askdb/contracts';

export function detectLanguage(text: string): Language | undefined {
  // Drop code: fenced blocks, quoted strings and SQL keywords must not decide the language.
  const prose = text.replace(/```[\s\S]*?```/g, ' ').replace(/'[^']*'|"[^"]*"|`[^`]*`/g, ' ');
  const kana = (prose.match(/[\u3040-\u30ff]/g) ?? []).length;
  const han = (prose.match(/[\u4e00-\u9fff]/g) ?? []).length;
  const latin = (prose.match(/[A-Za-z]+/g) ?? []).length;
  if (kana > 0) return 'ja-JP';
  if (han > 0) return 'zh-CN';
  if (latin >= 2) return 'en-US';
  return undefined;
}

/** Does the text read as SQL rather than prose? (first word is a statement keyword) */
export function looksLikeSql(text: string): boolean {
  return /^\s*(--[^\n]*\n\s*)*(select|with|insert|update|delete|merge|create|alter|drop|truncate|explain|show|call|exec|begin|declare|grant|revoke|replace|upsert|values)\b/i.test(text);
}

export function answerLanguage(input: string, uiLanguage: Language, inputIsSql: boolean): Language {
  if (inputIsSql || looksLikeSql(input)) {
    // A Chinese or Japanese comment inside SQL is still a clue worth following.
    const fromComments = detectLanguage((input.match(/--[^\n]*|\/\*[\s\S]*?\*\//g) ?? []).join(' '));
    return fromComments && fromComments !== 'en-US' ? fromComments : uiLanguage;
  }
  return detectLanguage(input) ?? uiLanguage;
}

export const LANGUAGE_NAMES: Record<Language, string> = {
  'en-US': 'English',
  'zh-CN': 'Simplified Chinese (简体中文)',
  'ja-JP': 'Japanese (日本語)',
};
