/**
 * Console shortcuts (spec 01 §2): the editor's (execute, execute single, save, save to desktop, format,
 * case convert, settings) and the global new console (T) / close console (W).
 */
import type * as Monaco from 'monaco-editor';
import { GLOBAL_SHORTCUTS, isMac, type Shortcut } from '../../lib/shortcuts.js';
import type { CommandId } from './commands.js';

export const EDITOR_SHORTCUTS: Partial<Record<CommandId, Shortcut>> = {
  run: { key: 'r', mod: true },
  runSingle: { key: 'Enter', mod: true },
  save: { key: 's', mod: true },
  saveAs: { key: 's', mod: true, shift: true },
  format: { key: 'l', mod: true },
  caseConvert: { key: 'u', mod: true, shift: true },
  settings: GLOBAL_SHORTCUTS.settings,
};

/** Monaco keybinding number for a shortcut. */
export function monacoKey(monaco: typeof Monaco, s: Shortcut): number {
  const { KeyMod, KeyCode } = monaco;
  let k = 0;
  if (s.mod) k |= KeyMod.CtrlCmd;
  if (s.shift) k |= KeyMod.Shift;
  if (s.alt) k |= KeyMod.Alt;
  const key = s.key.length === 1 ? s.key.toUpperCase() : s.key;
  const code =
    key === 'Enter' ? KeyCode.Enter : key === ',' ? KeyCode.Comma : /^[A-Z]$/.test(key) ? (KeyCode[`Key${key}` as keyof typeof KeyCode] as number) : /^[0-9]$/.test(key) ? (KeyCode[`Digit${key}` as keyof typeof KeyCode] as number) : KeyCode.Unknown;
  return k | code;
}

/** Like lib/shortcuts `matches`, with named keys (Enter) compared case-insensitively. */
export function keyMatches(e: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>, s: Shortcut): boolean {
  const mod = isMac ? e.metaKey : e.ctrlKey;
  if (!!s.mod !== mod || !!s.shift !== e.shiftKey || !!s.alt !== e.altKey) return false;
  return e.key.toLowerCase() === s.key.toLowerCase();
}

/** The command a key event asks for, if any. */
export function commandFor(e: KeyboardEvent): CommandId | null {
  for (const [id, s] of Object.entries(EDITOR_SHORTCUTS) as [CommandId, Shortcut][]) if (id !== 'settings' && keyMatches(e, s)) return id;
  return null;
}
