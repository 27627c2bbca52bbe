/** Entries of the tree's context menu: import into / export a table, import into / export a database or schema. */
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { openTaskExport, openTaskImport, type TaskTarget } from './store';

type Item = NonNullable<MenuProps['items']>[number];

export function taskMenuItems(t: TFunction, kind: 'table' | 'location'): Item[] {
  return kind === 'table'
    ? [{ key: 'task:import', label: t('task.menu.import') }, { key: 'task:exportTable', label: t('task.menu.exportTable') }]
    : [{ key: 'task:importHere', label: t('task.menu.import') }, { key: 'task:exportDatabase', label: t('task.menu.exportDatabase') }];
}

export function runTaskMenu(key: string, target: TaskTarget): void {
  if (key === 'task:import') openTaskImport(target);
  else if (key === 'task:importHere') openTaskImport({ ...target, tableName: null });
  else if (key === 'task:exportTable') openTaskExport({ ...target, target: 'table' });
  else if (key === 'task:exportDatabase') openTaskExport({ ...target, tableName: null, target: 'database' });
}
