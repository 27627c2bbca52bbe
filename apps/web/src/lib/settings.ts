/**
 * App settings, persisted in localStorage under a versioned key (stored settings version v6,
 * spec 01 §9). Defaults: appearance dark, custom font size 13, editor defaults of spec 01 §9.
 */
import { create } from 'zustand';
import { EDITOR_DEFAULTS, EDITOR_THEMES, LIMITS } from '@askdb/contracts';
import type { Locale } from '../i18n/types';

export type Appearance = 'dark' | 'light' | 'system';
export interface EditorSettings {
  theme: string;
  fontSize: number;
  fontFamily: string;
  lineHeight: number;
  keywordCase: 'off' | 'upper' | 'lower';
  errorContinue: boolean;
  minimap: boolean;
  wordWrap: 'on' | 'off';
  stickyScroll: boolean;
  folding: boolean;
}
export interface Settings {
  version: string;
  appearance: Appearance;
  language: Locale | null;
  fontSize: number;
  zoom: number;
  leftWidth: number;
  rightWidth: number;
  rightOpen: boolean;
  editor: EditorSettings;
}

export const SETTINGS_KEY = 'askdb.settings';

export const defaultSettings = (): Settings => ({
  version: LIMITS.settingsVersion,
  appearance: 'dark',
  language: null,
  fontSize: 13,
  zoom: 1,
  leftWidth: LIMITS.leftPanelWidth,
  rightWidth: LIMITS.rightPanelWidth,
  rightOpen: true,
  editor: {
    theme: EDITOR_DEFAULTS.theme,
    fontSize: EDITOR_DEFAULTS.fontSize,
    fontFamily: EDITOR_DEFAULTS.fontFamily,
    lineHeight: EDITOR_DEFAULTS.lineHeight,
    keywordCase: EDITOR_DEFAULTS.keywordCase,
    errorContinue: EDITOR_DEFAULTS.errorContinue,
    minimap: EDITOR_DEFAULTS.minimap,
    wordWrap: 'on',
    stickyScroll: EDITOR_DEFAULTS.stickyScroll,
    folding: EDITOR_DEFAULTS.folding,
  },
});

/** Read stored settings; another version's settings are migrated field by field, unknown values fall back. */
export function loadSettings(): Settings {
  const d = defaultSettings();
  try {
    const raw = localStorage.getItem(SETTINGS_KEY);
    if (!raw) return d;
    const s = JSON.parse(raw) as Partial<Settings>;
    const editor = { ...d.editor, ...(s.editor ?? {}) };
    if (!(EDITOR_THEMES as readonly string[]).includes(editor.theme)) editor.theme = d.editor.theme;
    return {
      ...d,
      ...s,
      version: d.version,
      appearance: s.appearance === 'light' || s.appearance === 'system' || s.appearance === 'dark' ? s.appearance : d.appearance,
      zoom: typeof s.zoom === 'number' && s.zoom >= 0.5 && s.zoom <= 2 ? s.zoom : 1,
      leftWidth: clamp(s.leftWidth, 180, 640, d.leftWidth),
      rightWidth: clamp(s.rightWidth, 240, 720, d.rightWidth),
      editor,
    };
  } catch {
    return d;
  }
}
function clamp(v: unknown, min: number, max: number, dflt: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : dflt;
}

interface SettingsStore extends Settings {
  update(patch: Partial<Settings>): void;
  updateEditor(patch: Partial<EditorSettings>): void;
}

export const useSettings = create<SettingsStore>((set, get) => ({
  ...loadSettings(),
  update(patch) {
    set(patch);
    persist(get());
  },
  updateEditor(patch) {
    set({ editor: { ...get().editor, ...patch } });
    persist(get());
  },
}));

function persist(s: Settings): void {
  const { version, appearance, language, fontSize, zoom, leftWidth, rightWidth, rightOpen, editor } = s;
  localStorage.setItem(SETTINGS_KEY, JSON.stringify({ version, appearance, language, fontSize, zoom, leftWidth, rightWidth, rightOpen, editor }));
}
