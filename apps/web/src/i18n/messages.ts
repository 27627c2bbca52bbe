/**
 * Where the strings come from in the built app (main.tsx): English (every language's fallback) in the
 * first-screen chunk, Chinese and Japanese each a chunk of their own loaded when used (issue 28 point 4).
 */
import enUS from 'virtual:askdb-messages/en-US';
import antdEnUS from 'antd/es/locale/en_US';
import type { Locale } from './types';
import type { LocaleBundle } from './bundle';

export const BUNDLED: { locale: Locale; bundle: LocaleBundle } = { locale: 'en-US', bundle: { messages: enUS, antd: antdEnUS } };

const LOADERS: Record<Exclude<Locale, 'en-US'>, () => Promise<{ default: LocaleBundle }>> = {
  'zh-CN': () => import('./locales/zh-CN'),
  'ja-JP': () => import('./locales/ja-JP'),
};

export function loadLocaleBundle(locale: Locale): Promise<LocaleBundle> {
  if (locale === 'en-US') return Promise.resolve(BUNDLED.bundle);
  return LOADERS[locale]().then((m) => m.default);
}
