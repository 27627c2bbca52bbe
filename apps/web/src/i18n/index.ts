/**
 * i18next set-up. Each feature contributes its strings (`features/<x>/i18n.ts`); they are merged
 * here. The `language` query parameter overrides the stored setting and the browser's language.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { FeatureStrings, Locale } from './types';
import { shellStrings } from '../app/i18n';
import { settingsStrings } from '../features/settings/i18n';
import { featureStrings } from './features';

export const LOCALES: Locale[] = ['en-US', 'zh-CN', 'ja-JP'];
export const LOCALE_LABELS: Record<Locale, string> = { 'en-US': 'English', 'zh-CN': '简体中文', 'ja-JP': '日本語' };

export function normalizeLocale(input?: string | null): Locale | null {
  if (!input) return null;
  const l = input.toLowerCase();
  if (l.startsWith('zh')) return 'zh-CN';
  if (l.startsWith('ja')) return 'ja-JP';
  if (l.startsWith('en')) return 'en-US';
  return null;
}

/** Language from the URL (?language=), else the stored choice, else the browser's. */
export function initialLocale(stored?: string | null): Locale {
  const q = new URLSearchParams(window.location.search).get('language');
  return normalizeLocale(q) ?? normalizeLocale(stored) ?? normalizeLocale(navigator.language) ?? 'en-US';
}

function merge(all: FeatureStrings[]) {
  const res: Record<string, { translation: Record<string, string> }> = {};
  for (const loc of LOCALES) res[loc] = { translation: Object.assign({}, ...all.map((f) => f[loc])) };
  return res;
}

export function setupI18n(locale: Locale) {
  void i18n.use(initReactI18next).init({
    resources: merge([shellStrings, settingsStrings, ...featureStrings]),
    lng: locale,
    fallbackLng: 'en-US',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = locale;
  return i18n;
}

export { i18n };
