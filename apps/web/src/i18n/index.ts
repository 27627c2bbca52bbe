/**
 * i18next set-up. Each feature contributes its strings (`features/<x>/i18n.ts`); they are merged per
 * language at build time (i18n/catalogue.ts). English is bundled, the others load when first used: the
 * backend below hands them to i18next, which switches language only once they are in (no flash of
 * English text). The `language` query parameter overrides the stored setting and the browser's language.
 */
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Locale } from './types';
import type { LocaleBundle } from './bundle';

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

const antdLocales: Partial<Record<Locale, AntdLocale>> = {};

/** antd's texts for a language i18next has switched to (loaded with its strings); English otherwise. */
export function antdLocaleOf(locale: string): AntdLocale | undefined {
  return antdLocales[locale as Locale] ?? antdLocales['en-US'];
}

/** Hands i18next a language's strings as they load (`load`); names it has no strings for get none. */
function localeBackend(load: (l: Locale) => Promise<LocaleBundle>): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, _namespace, callback) {
      if (!LOCALES.includes(language as Locale)) return callback(null, {});
      load(language as Locale).then(
        (b) => {
          antdLocales[language as Locale] = b.antd;
          callback(null, b.messages);
        },
        (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), false),
      );
    },
  };
}

/**
 * Starts i18next in `locale` with `bundled` already in; other languages come from `load`. Resolves once the
 * starting language's strings are in (or failed to load: English is shown then).
 */
export function setupI18n(locale: Locale, bundled: { locale: Locale; bundle: LocaleBundle }, load: (l: Locale) => Promise<LocaleBundle>): Promise<unknown> {
  antdLocales[bundled.locale] = bundled.bundle.antd;
  const ready = i18n
    .use(localeBackend(load))
    .use(initReactI18next)
    .init({
      resources: { [bundled.locale]: { translation: bundled.bundle.messages } },
      // Languages other than the bundled one come from the backend; only the exact code (no 'zh' step).
      partialBundledLanguages: true,
      load: 'currentOnly',
      lng: locale,
      fallbackLng: 'en-US',
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    .catch(() => undefined);
  document.documentElement.lang = locale;
  return ready;
}

export { i18n };
