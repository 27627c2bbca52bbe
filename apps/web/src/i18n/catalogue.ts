/**
 * Every string of the web app, merged per language (later catalogues override earlier ones). Plain data:
 * the build (vite.config.ts, askdbLocaleMessages) runs this module and makes one module per language
 * (`virtual:askdb-messages/<locale>`), so the first screen carries the English strings (also every
 * language's fallback) and the other two load only when chosen (issue 28 point 4).
 */
import type { FeatureStrings, Locale, Strings } from './types';
import { shellStrings } from '../app/i18n';
import { settingsStrings } from '../features/settings/i18n';
import { featureStrings } from './features';

export const CATALOGUE_LOCALES: Locale[] = ['en-US', 'zh-CN', 'ja-JP'];

const catalogues = (): FeatureStrings[] => [shellStrings, settingsStrings, ...featureStrings];

/** One language's strings, all features merged. */
export function catalogueMessages(locale: Locale): Strings {
  return Object.assign({}, ...catalogues().map((f) => f[locale]));
}
