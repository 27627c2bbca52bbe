/** Keyboard shortcuts: Mac symbols vs Ctrl/Shift display, and matching events against a shortcut. */
export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export interface Shortcut {
  key: string;
  mod?: boolean;
  shift?: boolean;
  alt?: boolean;
}

export function displayShortcut(s: Shortcut, mac = isMac): string {
  const parts: string[] = [];
  if (mac) {
    if (s.mod) parts.push('⌘');
    if (s.alt) parts.push('⌥');
    if (s.shift) parts.push('⇧');
    parts.push(s.key.length === 1 ? s.key.toUpperCase() : s.key);
    return parts.join('');
  }
  if (s.mod) parts.push('Ctrl');
  if (s.alt) parts.push('Alt');
  if (s.shift) parts.push('Shift');
  parts.push(s.key.length === 1 ? s.key.toUpperCase() : s.key);
  return parts.join('+');
}

export function matches(e: KeyboardEvent, s: Shortcut): boolean {
  const mod = isMac ? e.metaKey : e.ctrlKey;
  if (!!s.mod !== mod || !!s.shift !== e.shiftKey || !!s.alt !== e.altKey) return false;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (key === s.key.toLowerCase()) return true;
  // Zoom keys: '+' arrives as '=' without shift on most layouts.
  if (s.key === '+' && (key === '=' || e.code === 'NumpadAdd')) return true;
  if (s.key === '-' && e.code === 'NumpadSubtract') return true;
  return false;
}

/** Spec 01 §2 global shortcuts. */
export const GLOBAL_SHORTCUTS = {
  settings: { key: ',', mod: true },
  zoomIn: { key: '+', mod: true },
  zoomOut: { key: '-', mod: true },
  zoomReset: { key: '0', mod: true },
  workspace: { key: '1', mod: true },
  dashboard: { key: '2', mod: true },
  chat: { key: '3', mod: true },
  closeConsole: { key: 'w', mod: true },
  newConsole: { key: 't', mod: true },
  ai: { key: 'k', mod: true },
} satisfies Record<string, Shortcut>;
