/**
 * Strings per language (issue 28 point 4): English is bundled, another language loads when first used and
 * i18next switches to it only once its strings are in — the page never shows English text in between —
 * and antd's texts for it come with them. A language that cannot load leaves English (the fallback) on screen.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { antdLocaleOf, i18n, setupI18n } from './index';
import { catalogueMessages } from './catalogue';
import type { Locale } from './types';
import type { LocaleBundle } from './bundle';

const antd = (locale: string) => ({ locale }) as AntdLocale;
const bundleOf = (l: Locale): LocaleBundle => ({ messages: catalogueMessages(l), antd: antd(l) });

/** A loader whose answers the test releases, recording what was asked for. */
function gatedLoader() {
  const asked: Locale[] = [];
  const gates = new Map<Locale, { open(): void; fail(): void }>();
  const load = (l: Locale) => {
    asked.push(l);
    return new Promise<LocaleBundle>((resolve, reject) => gates.set(l, { open: () => resolve(bundleOf(l)), fail: () => reject(new Error('chunk failed')) }));
  };
  const gate = async (l: Locale) => {
    while (!gates.has(l)) await new Promise((r) => setTimeout(r, 1));
    return gates.get(l)!;
  };
  return { asked, load, gate };
}
const tick = () => new Promise((r) => setTimeout(r, 5));

beforeAll(() => {
  // setupI18n sets <html lang>; the test runs without a DOM.
  (globalThis as unknown as { document: unknown }).document = { documentElement: {} };
});

describe('i18n set-up', () => {
  it('starts in a language that is not bundled once its strings are in, then switches only after the next language has loaded', async () => {
    const loader = gatedLoader();
    let ready = false;
    const started = setupI18n('ja-JP', { locale: 'en-US', bundle: bundleOf('en-US') }, loader.load).then(() => (ready = true));
    (await loader.gate('ja-JP')).open();
    await started;
    expect(ready).toBe(true);
    expect(loader.asked).toEqual(['ja-JP']);
    expect(i18n.language).toBe('ja-JP');
    expect(i18n.t('shell.tab.workspace')).toBe(catalogueMessages('ja-JP')['shell.tab.workspace']);
    expect(i18n.t('shell.tab.workspace')).not.toBe(catalogueMessages('en-US')['shell.tab.workspace']);
    expect(antdLocaleOf('ja-JP')).toEqual(antd('ja-JP'));

    // Switching: the page keeps Japanese while Chinese loads, then shows Chinese.
    const switched = i18n.changeLanguage('zh-CN');
    await tick();
    expect(i18n.language).toBe('ja-JP');
    expect(i18n.t('shell.tab.workspace')).toBe(catalogueMessages('ja-JP')['shell.tab.workspace']);
    (await loader.gate('zh-CN')).open();
    await switched;
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('shell.tab.workspace')).toBe(catalogueMessages('zh-CN')['shell.tab.workspace']);
    expect(antdLocaleOf('zh-CN')).toEqual(antd('zh-CN'));

    // English is bundled: no load; a language loaded once is not loaded again.
    await i18n.changeLanguage('en-US');
    expect(i18n.t('shell.tab.workspace')).toBe(catalogueMessages('en-US')['shell.tab.workspace']);
    expect(antdLocaleOf('en-US')).toEqual(antd('en-US'));
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('shell.tab.workspace')).toBe(catalogueMessages('zh-CN')['shell.tab.workspace']);
    expect(loader.asked).toEqual(['ja-JP', 'zh-CN']);
  });
});

describe('catalogue', () => {
  it('each language module carries that language (plural forms differ: Chinese and Japanese have one)', () => {
    const en = catalogueMessages('en-US');
    for (const l of ['zh-CN', 'ja-JP'] as const) {
      const m = catalogueMessages(l);
      const missing = Object.keys(en).filter((k) => !(k in m) && !/_(?:one|other|zero|two|few|many)$/.test(k));
      expect(missing).toEqual([]);
      expect(m['shell.settings']).not.toBe(en['shell.settings']);
    }
  });
});
