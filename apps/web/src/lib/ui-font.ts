/** The interface font (Settings → Basic), kept in localStorage and applied to the page at start. */
export const UI_FONTS = ['system', 'Inter', 'Roboto', 'Helvetica Neue', 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans JP'] as const;
const KEY = 'askdb.uiFont';
const STACK = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const uiFont = (): string => {
  const v = typeof localStorage !== 'undefined' ? localStorage.getItem(KEY) : null;
  return v && (UI_FONTS as readonly string[]).includes(v) ? v : 'system';
};

export function applyUiFont(font = uiFont()): void {
  if (typeof document === 'undefined') return;
  document.documentElement.style.setProperty('--askdb-ui-font', font === 'system' ? STACK : `"${font}", ${STACK}`);
  document.body.style.fontFamily = 'var(--askdb-ui-font)';
}

export function setUiFont(font: string): void {
  localStorage.setItem(KEY, font);
  applyUiFont(font);
}
applyUiFont();
