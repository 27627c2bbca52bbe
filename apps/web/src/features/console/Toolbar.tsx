/** The toolbar above the editor: the editor type's buttons with their shortcuts, save state, name, picker. */
import { useRef, type ReactNode } from 'react';
import { pickSqlFile, type FileSystemHandleLike } from './file-picker.js';
import { Button, Divider, Popover, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommandId, Commands } from './commands.js';
import { COMMAND_ICONS, OPEN_FILE_ICON, TOOLBAR, shortcutLabel } from './menu-items.js';
import type { EditorKind, SessionView } from './session.js';

export interface ToolbarProps {
  kind: EditorKind;
  commands: Commands;
  running: boolean;
  view: SessionView | undefined;
  name?: string;
  onRename?(name: string): void;
  onOpenFile(file: File, handle?: FileSystemHandleLike): void;
  picker: ReactNode;
  /** The editor settings panel, opened by its button, the right-click menu or its shortcut. */
  settings: { open: boolean; onOpenChange(open: boolean): void; title: string; content: ReactNode };
}

export function Toolbar({ kind, commands, running, view, name, onRename, onOpenFile, picker, settings }: ToolbarProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const items = TOOLBAR[kind];
  const button = (id: CommandId) => {
    const sc = shortcutLabel(id);
    const label = t(`console.action.${id}`);
    if (id === 'settings')
      return (
        <Popover key={id} open={settings.open} onOpenChange={settings.onOpenChange} trigger="click" placement="bottomLeft" title={settings.title} content={settings.content}>
          <Button size="small" type="text" icon={COMMAND_ICONS[id]} data-testid="console-settings" aria-label={`${label}${sc ? ` (${sc})` : ''}`} title={sc ? `${label} (${sc})` : label} />
        </Popover>
      );
    return (
      <Tooltip key={id} title={sc ? `${label} (${sc})` : label} mouseEnterDelay={0.4}>
        <Button
          size="small"
          type={id === 'run' ? 'primary' : 'text'}
          icon={COMMAND_ICONS[id]}
          data-testid={`console-${id}`}
          aria-label={label}
          disabled={running && (id === 'run' || id === 'runSingle' || id === 'explain' || id === 'preview')}
          onClick={() => void commands[id]()}
        >
          {id === 'run' ? t('console.action.runShort') : undefined}
        </Button>
      </Tooltip>
    );
  };
  return (
    <div className="askdb-console-toolbar" data-testid="console-toolbar" data-editor-type={kind}>
      {items.map((id, i) => (id === '|' ? <Divider key={`d${i}`} type="vertical" /> : button(id)))}
      <Divider type="vertical" />
      <Tooltip title={t('console.openFile')}>
        <Button size="small" type="text" icon={OPEN_FILE_ICON} aria-label={t('console.openFile')} data-testid="console-open-file" onClick={() => void pickSqlFile().then((r) => (r ? onOpenFile(r.file, r.handle) : r === null && fileInput.current?.click()))} />
      </Tooltip>
      <input
        ref={fileInput}
        type="file"
        accept=".sql,.txt,text/plain,application/sql"
        hidden
        data-testid="console-file-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) onOpenFile(f);
          e.target.value = '';
        }}
      />
      <div className="askdb-console-toolbar-right">
        {kind === 'CONSOLE' && name !== undefined && (
          <Typography.Text
            className="askdb-console-name"
            data-testid="console-name"
            editable={onRename ? { onChange: (v) => v.trim() && v.trim() !== name && onRename(v.trim()), tooltip: t('console.rename'), triggerType: ['icon', 'text'] } : false}
          >
            {name}
          </Typography.Text>
        )}
        {view?.status && (
          <Tag color={view.status === 'RELEASE' ? (view.dirty ? 'gold' : 'green') : 'default'} data-testid="console-save-status" data-status={view.status} data-dirty={view.dirty ? 'true' : 'false'}>
            {view.saving ? t('console.status.saving') : view.status === 'RELEASE' ? (view.dirty ? t('console.status.unsaved') : t('console.status.saved')) : t('console.status.draft')}
          </Tag>
        )}
        {kind === 'LOCAL_SQL_FILE' && view?.dirty && <Tag color="gold" data-testid="file-unsaved">{t('console.status.unsaved')}</Tag>}
        {picker}
      </div>
    </div>
  );
}
