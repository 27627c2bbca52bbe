/** Spec 01 §9 business constants and limits that both sides read. */
export const LIMITS = {
  maxParseLength: 50_000,
  parseDebounceMs: 500,
  mentionSearchDebounceMs: 300,
  editorChangeDebounceMs: 300,
  hoverDebounceMs: 300,
  markerDebounceMs: 300,
  hoverDelayMs: 500,
  tipsWindowLines: 100,
  tipsRegistrationWindowMs: 300,
  columnListUpdateDelayMs: 1000,
  pageSizeDataSources: 1000,
  pageSizeTreeTables: 100_000,
  pageSizePopup: 1000,
  /** Spec 02 §9 page sizes: data-collection list 1000. */
  pageSizeDataCollections: 1000,
  pageSizeChatList: 20,
  pageSizeChatDetail: 5,
  maxOpenConsoles: 20,
  pageSizeSavedConsoles: 100,
  autoSaveMs: 5000,
  aiInputHeightPx: 40,
  maxChatTables: 8,
  tableRowHeight: 28,
  cellTooltipDelayMs: 800,
  leftPanelWidth: 260,
  rightPanelWidth: 300,
  settingsVersion: 'v6',
  newGroupName: 'New Group',
  pickerMaxWidthPx: 160,
  schemaSyncDialogWidth: 800,
  defaultExecutePageSize: 200,
  defaultConnectTimeoutMs: 10_000,
  chatInputMinRows: 1,
  chatInputMaxRows: 5,
} as const;

/** Spec 01 §9 editor defaults. */
export const EDITOR_DEFAULTS = {
  theme: 'vs-dark',
  fontSize: 14,
  fontFamily: 'Monaco',
  language: 'sql',
  lineNumbers: 'on',
  minimap: false,
  wordWrap: 'on',
  lineHeight: 1.6,
  folding: true,
  keywordCase: 'off' as 'off' | 'upper' | 'lower',
  errorContinue: true,
  renderLineHighlight: 'line',
  customFontFamily: '',
  stickyScroll: true,
} as const;

export const EDITOR_THEMES = [
  'vs', 'vs-dark', 'hc-black', 'dracula', 'github-light', 'github-dark', 'monokai', 'monokai-bright', 'one-dark',
  'solarized-light', 'solarized-dark', 'xcode',
] as const;
export const EDITOR_FONTS = ['Consolas', 'Courier New', 'Monaco', 'JetBrains Mono'] as const;
