/** Which commands each editor type offers (spec 01 §2), with their shortcut labels; toolbar and right-click menu share them. */
import type { ReactNode } from 'react';
import { BulbOutlined, CaretRightOutlined, CopyOutlined, EyeOutlined, FileAddOutlined, FontSizeOutlined, FormatPainterOutlined, NodeIndexOutlined, ScissorOutlined, SaveOutlined, SettingOutlined, SnippetsOutlined, StepForwardOutlined, DownloadOutlined } from '@ant-design/icons';
import { displayShortcut } from '../../lib/shortcuts.js';
import type { CommandId } from './commands.js';
import { EDITOR_SHORTCUTS } from './shortcuts.js';
import type { EditorKind } from './session.js';

export const COMMAND_ICONS: Partial<Record<CommandId, ReactNode>> = {
  run: <CaretRightOutlined />,
  runSingle: <StepForwardOutlined />,
  explain: <NodeIndexOutlined />,
  save: <SaveOutlined />,
  saveAs: <DownloadOutlined />,
  format: <FormatPainterOutlined />,
  caseConvert: <FontSizeOutlined />,
  optimize: <BulbOutlined />,
  preview: <EyeOutlined />,
  settings: <SettingOutlined />,
  copy: <CopyOutlined />,
  cut: <ScissorOutlined />,
  paste: <SnippetsOutlined />,
};
export const OPEN_FILE_ICON = <FileAddOutlined />;

/** Toolbar buttons by editor type; '|' separates groups. */
export const TOOLBAR: Record<EditorKind, (CommandId | '|')[]> = {
  CONSOLE: ['run', 'runSingle', 'explain', '|', 'save', 'saveAs', '|', 'format', 'optimize', '|', 'settings'],
  LOCAL_SQL_FILE: ['run', 'runSingle', 'explain', '|', 'save', 'saveAs', '|', 'format', 'optimize', '|', 'settings'],
  VIEW: ['preview', 'run', '|', 'saveAs', '|', 'format', 'optimize', '|', 'settings'],
  FUNCTION: ['run', '|', 'saveAs', '|', 'format', 'optimize', '|', 'settings'],
  PROCEDURE: ['run', '|', 'saveAs', '|', 'format', 'optimize', '|', 'settings'],
  TRIGGER: ['run', '|', 'saveAs', '|', 'format', 'optimize', '|', 'settings'],
};

/** Right-click menu (spec 01 §2 order), plus the toolbar's remaining items for the editor type. */
export function contextMenuOf(kind: EditorKind): (CommandId | '|')[] {
  const base: (CommandId | '|')[] = ['copy', 'paste', 'cut', '|', 'caseConvert', 'format', '|'];
  if (kind === 'CONSOLE' || kind === 'LOCAL_SQL_FILE') base.push('save');
  base.push('saveAs', '|', 'runSingle', 'run');
  if (kind === 'CONSOLE' || kind === 'LOCAL_SQL_FILE') base.push('explain');
  if (kind === 'VIEW') base.push('preview');
  base.push('optimize', '|', 'settings');
  return base;
}

export function shortcutLabel(id: CommandId): string | undefined {
  const s = EDITOR_SHORTCUTS[id];
  return s ? displayShortcut(s) : undefined;
}
