import { beforeEach, describe, expect, it } from 'vitest';

const mem = new Map<string, string>();
(globalThis as { localStorage?: unknown }).localStorage = {
  getItem: (k: string) => mem.get(k) ?? null,
  setItem: (k: string, v: string) => void mem.set(k, v),
  removeItem: (k: string) => void mem.delete(k),
};
const { GLOBAL_SHORTCUTS, displayShortcut } = await import('./shortcuts');
const { checkBinding, rebind, resetBinding, shortcutOf, loadBindings, BINDINGS_KEY } = await import('./shortcut-bindings');

describe('shortcut rebinding', () => {
  beforeEach(() => resetBinding());

  it('rebinds a changeable shortcut in place, so listeners read the new keys, and keeps it', () => {
    expect(rebind('chat', { key: 'j', mod: true, shift: true })).toBeNull();
    expect(displayShortcut(GLOBAL_SHORTCUTS.chat, false)).toBe('Ctrl+Shift+J');
    expect(JSON.parse(mem.get(BINDINGS_KEY)!).chat).toEqual({ key: 'j', mod: true, shift: true });
    resetBinding('chat');
    expect(displayShortcut(GLOBAL_SHORTCUTS.chat, false)).toBe('Ctrl+3');
  });

  it('refuses a conflict with another action, a reserved editor key, a key without modifier, and the fixed zoom', () => {
    expect(rebind('chat', { key: '1', mod: true })).toEqual({ code: 'CONFLICT', with: 'workspace' });
    expect(displayShortcut(GLOBAL_SHORTCUTS.chat, false)).toBe('Ctrl+3');
    expect(checkBinding('newConsole', { key: 's', mod: true })).toEqual({ code: 'RESERVED', with: 'save' });
    expect(checkBinding('newConsole', { key: 'c', mod: true })).toEqual({ code: 'RESERVED', with: 'edit.c' });
    expect(checkBinding('newConsole', { key: 'y' })).toEqual({ code: 'NEEDS_MODIFIER' });
    expect(checkBinding('zoomIn', { key: 'i', mod: true })).toEqual({ code: 'NOT_CHANGEABLE' });
    // Spec 01 §2: settings (Cmd/Ctrl+,) and arouse AI assistant (K) are fixed too.
    expect(checkBinding('settings', { key: 'j', mod: true, shift: true })).toEqual({ code: 'NOT_CHANGEABLE' });
    expect(checkBinding('ai', { key: 'j', mod: true, shift: true })).toEqual({ code: 'NOT_CHANGEABLE' });
    // Swapping through a free key works: the old binding is free once moved.
    expect(rebind('workspace', { key: '9', mod: true })).toBeNull();
    expect(rebind('chat', { key: '1', mod: true })).toBeNull();
  });

  it('drops a stored binding that conflicts when loaded, and one stored for a fixed action', () => {
    mem.set(BINDINGS_KEY, JSON.stringify({ newConsole: { key: '2', mod: true }, ai: { key: 'j', mod: true, shift: true } }));
    loadBindings();
    expect(displayShortcut(GLOBAL_SHORTCUTS.newConsole, false)).toBe('Ctrl+T');
    expect(displayShortcut(GLOBAL_SHORTCUTS.ai, false)).toBe('Ctrl+K');
  });

  it('reads a key event as a shortcut', () => {
    expect(shortcutOf({ key: 'J', ctrlKey: true, metaKey: false, shiftKey: true, altKey: false }, false)).toEqual({ key: 'j', mod: true, shift: true });
    expect(shortcutOf({ key: 'Control', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false }, false)).toBeNull();
  });
});
