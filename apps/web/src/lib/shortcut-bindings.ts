/**
 * Rebinding the global shortcuts (issue 18 point 5; spec 01 §2, spec 02 §2 "Shortcuts"). The
 * changeable ones take a user's binding, kept in localStorage; settings, AI and zoom stay fixed (zoom mirrors the
 * browser). A binding is refused when another action — global or the SQL editor's — already uses
 * it, when it has no Ctrl/⌘ or Alt, or when it is one the browser or text editing needs.
 * Bindings are applied in place to GLOBAL_SHORTCUTS, so every listener reads the live binding.
 */
import { GLOBAL_SHORTCUTS, type Shortcut } from './shortcuts';

export type ShortcutAction = keyof typeof GLOBAL_SHORTCUTS;
/** Spec 01 §2: settings, zoom and "arouse AI assistant" are fixed; tab switching, close and new console are changeable. */
export const FIXED_ACTIONS: readonly ShortcutAction[] = ['settings', 'zoomIn', 'zoomOut', 'zoomReset', 'ai'];
export const SHORTCUT_ACTIONS = Object.keys(GLOBAL_SHORTCUTS) as ShortcutAction[];
export const isChangeable = (a: ShortcutAction) => !FIXED_ACTIONS.includes(a);

export const DEFAULT_SHORTCUTS: Record<ShortcutAction, Shortcut> = Object.fromEntries(SHORTCUT_ACTIONS.map((a) => [a, { ...GLOBAL_SHORTCUTS[a] }])) as Record<ShortcutAction, Shortcut>;

/** The SQL editor's own keys (features/console/shortcuts.ts) and text editing's: never taken by a global shortcut. */
export const RESERVED: readonly { name: string; s: Shortcut }[] = [
  { name: 'run', s: { key: 'r', mod: true } },
  { name: 'runSingle', s: { key: 'Enter', mod: true } },
  { name: 'save', s: { key: 's', mod: true } },
  { name: 'saveAs', s: { key: 's', mod: true, shift: true } },
  { name: 'format', s: { key: 'l', mod: true } },
  { name: 'caseConvert', s: { key: 'u', mod: true, shift: true } },
  ...['c', 'v', 'x', 'z', 'y', 'a', 'f'].map((key) => ({ name: `edit.${key}`, s: { key, mod: true } })),
  { name: 'edit.redo', s: { key: 'z', mod: true, shift: true } },
];

export type BindingProblem = { code: 'NOT_CHANGEABLE' } | { code: 'NEEDS_MODIFIER' } | { code: 'CONFLICT'; with: string } | { code: 'RESERVED'; with: string };

const norm = (s: Shortcut) => `${s.mod ? 'M' : ''}${s.alt ? 'A' : ''}${s.shift ? 'S' : ''}:${s.key.length === 1 ? s.key.toLowerCase() : s.key}`;
export const sameShortcut = (a: Shortcut, b: Shortcut) => norm(a) === norm(b);

/** Why `s` cannot be bound to `action`, given the current bindings; null when it can. */
export function checkBinding(action: ShortcutAction, s: Shortcut, current: Record<ShortcutAction, Shortcut> = GLOBAL_SHORTCUTS): BindingProblem | null {
  if (!isChangeable(action)) return { code: 'NOT_CHANGEABLE' };
  if (!s.mod && !s.alt) return { code: 'NEEDS_MODIFIER' };
  for (const other of SHORTCUT_ACTIONS) if (other !== action && sameShortcut(current[other], s)) return { code: 'CONFLICT', with: other };
  const r = RESERVED.find((x) => sameShortcut(x.s, s));
  return r ? { code: 'RESERVED', with: r.name } : null;
}

/** A key event as a shortcut (null for a lone modifier). */
export function shortcutOf(e: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>, mac: boolean): Shortcut | null {
  if (['Control', 'Meta', 'Shift', 'Alt', 'CapsLock', 'Tab', 'Escape'].includes(e.key)) return null;
  const s: Shortcut = { key: e.key.length === 1 ? e.key.toLowerCase() : e.key };
  if (mac ? e.metaKey : e.ctrlKey) s.mod = true;
  if (e.shiftKey) s.shift = true;
  if (e.altKey) s.alt = true;
  return s;
}

export const BINDINGS_KEY = 'askdb.shortcuts';

function setLive(action: ShortcutAction, s: Shortcut): void {
  const live = GLOBAL_SHORTCUTS[action] as Shortcut;
  delete live.mod;
  delete live.shift;
  delete live.alt;
  Object.assign(live, s);
}

function stored(): Partial<Record<ShortcutAction, Shortcut>> {
  try {
    return JSON.parse(localStorage.getItem(BINDINGS_KEY) ?? '{}') as Partial<Record<ShortcutAction, Shortcut>>;
  } catch {
    return {};
  }
}

const listeners = new Set<() => void>();
export function onBindingsChanged(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Binds `s` to `action`; answers the refusal instead when there is one. */
export function rebind(action: ShortcutAction, s: Shortcut): BindingProblem | null {
  const p = checkBinding(action, s);
  if (p) return p;
  setLive(action, s);
  localStorage.setItem(BINDINGS_KEY, JSON.stringify({ ...stored(), [action]: s }));
  listeners.forEach((l) => l());
  return null;
}

export function resetBinding(action?: ShortcutAction): void {
  const keep = stored();
  for (const a of action ? [action] : SHORTCUT_ACTIONS) {
    setLive(a, { ...DEFAULT_SHORTCUTS[a] });
    delete keep[a];
  }
  localStorage.setItem(BINDINGS_KEY, JSON.stringify(keep));
  listeners.forEach((l) => l());
}

/** Applies the stored bindings at start; one that no longer fits (a conflict after an upgrade) is dropped. */
export function loadBindings(): void {
  if (typeof localStorage === 'undefined') return;
  for (const [a, s] of Object.entries(stored()) as [ShortcutAction, Shortcut][]) {
    if (SHORTCUT_ACTIONS.includes(a) && s && typeof s.key === 'string' && !checkBinding(a, s)) setLive(a, s);
  }
}
loadBindings();
