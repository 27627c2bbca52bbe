import { describe, expect, it } from 'vitest';
import { GLOBAL_SHORTCUTS, displayShortcut } from './shortcuts';

describe('shortcut display', () => {
  it('uses Mac symbols on a Mac', () => {
    expect(displayShortcut(GLOBAL_SHORTCUTS.settings, true)).toBe('⌘,');
    expect(displayShortcut({ key: 's', mod: true, shift: true }, true)).toBe('⌘⇧S');
    expect(displayShortcut(GLOBAL_SHORTCUTS.ai, true)).toBe('⌘K');
  });
  it('uses Ctrl and Shift elsewhere', () => {
    expect(displayShortcut(GLOBAL_SHORTCUTS.settings, false)).toBe('Ctrl+,');
    expect(displayShortcut({ key: 'u', mod: true, shift: true }, false)).toBe('Ctrl+Shift+U');
    expect(displayShortcut(GLOBAL_SHORTCUTS.workspace, false)).toBe('Ctrl+1');
  });
});
