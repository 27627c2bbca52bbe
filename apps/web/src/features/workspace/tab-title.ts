/** A tab's title in the tab bar (some types add what they show to the stored title). */
import type { WorkspaceTab } from './tabs-store';

export function tabTitle(tab: WorkspaceTab, t: (k: string, o?: Record<string, unknown>) => string): string {
  switch (tab.type) {
    case 'CREATE_TABLE':
      return tab.title || t('workspace.tab.newTable');
    case 'VIEW_DDL':
      return `${tab.title} · DDL`;
    case 'VIEW_ALL_TABLES':
      return t('workspace.tab.allTables', { where: tab.title });
    case 'VIEW_ALL_VIEWS':
      return t('workspace.tab.allViews', { where: tab.title });
    case 'ER_MODEL':
      return t('workspace.tab.er', { where: tab.title });
    case 'REDIS_ALL_DATA':
      return t('redis.tab.title', { db: tab.databaseName ?? '0' });
    case 'CHANGE_AI_TABLE_INFO':
      return t('aiTableInfo.tab', { name: tab.title });
    case 'EDIT_TABLE':
      return t('workspace.tab.editTable', { name: tab.title });
    default:
      return tab.title;
  }
}
