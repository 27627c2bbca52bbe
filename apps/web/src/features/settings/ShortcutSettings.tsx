/** Settings → Shortcuts: the global shortcuts, the changeable ones rebindable (conflicts refused). */
import { useEffect, useReducer, useState } from 'react';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GLOBAL_SHORTCUTS, displayShortcut, isMac } from '../../lib/shortcuts';
import { SHORTCUT_ACTIONS, isChangeable, onBindingsChanged, rebind, resetBinding, shortcutOf, type ShortcutAction } from '../../lib/shortcut-bindings';

export function ShortcutSettings() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  const [capturing, setCapturing] = useState<ShortcutAction | null>(null);
  useEffect(() => onBindingsChanged(refresh), []);

  useEffect(() => {
    if (!capturing) return;
    const onKey = (e: KeyboardEvent) => {
      e.preventDefault();
      e.stopPropagation();
      if (e.key === 'Escape') return setCapturing(null);
      const s = shortcutOf(e, isMac);
      if (!s) return;
      const keys = displayShortcut(s);
      const p = rebind(capturing, s);
      if (p) {
        const withName = 'with' in p ? (SHORTCUT_ACTIONS.includes(p.with as ShortcutAction) ? t(`settings.shortcut.${p.with}`) : p.with) : '';
        message.error(t(`shortcuts.problem.${p.code}`, { keys, with: withName }));
      } else message.success(t('shortcuts.saved', { keys }));
      setCapturing(null);
    };
    // Capture phase, before the app's global shortcuts see the keys.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [capturing, message, t]);

  return (
    <div data-testid="settings-shortcuts">
      <Table<{ action: ShortcutAction }>
        size="small"
        pagination={false}
        rowKey="action"
        dataSource={SHORTCUT_ACTIONS.map((action) => ({ action }))}
        onRow={(r) => ({ 'data-testid': `shortcut-row-${r.action}` }) as object}
        columns={[
          { title: t('shortcuts.action'), render: (_, r) => t(`settings.shortcut.${r.action}`) },
          {
            title: t('shortcuts.keys'),
            width: 200,
            render: (_, r) =>
              capturing === r.action ? <Tag color="processing">{t('shortcuts.press')}</Tag> : <Typography.Text keyboard data-testid="shortcut-keys">{displayShortcut(GLOBAL_SHORTCUTS[r.action])}</Typography.Text>,
          },
          {
            title: '',
            width: 170,
            render: (_, r) =>
              isChangeable(r.action) ? (
                <Space size={4}>
                  <Button size="small" onClick={() => setCapturing(r.action)} data-testid="shortcut-change">{t('shortcuts.change')}</Button>
                  <Button size="small" type="text" onClick={() => resetBinding(r.action)}>{t('shortcuts.reset')}</Button>
                </Space>
              ) : (
                <Tag>{t('shortcuts.fixed')}</Tag>
              ),
          },
        ]}
      />
      <Button size="small" style={{ marginTop: 12 }} onClick={() => resetBinding()}>{t('shortcuts.resetAll')}</Button>
    </div>
  );
}
