/** Opens the CHANGE_AI_TABLE_INFO tab for a table, of its data source or of one AI data collection (from the chat page too: it goes to the workspace). */
import type { DatabaseType } from '@askdb/contracts';
import { navigate, tabFromLocation } from '../../lib/router';
import { tabId, type TabTarget } from '../workspace/open-tabs';
import { useTabs } from '../workspace/tabs-store';

export type AiInfoTarget = Omit<TabTarget, 'databaseType'> & { databaseType?: DatabaseType | null; tableName: string };

export function openAiTableInfo(t: AiInfoTarget, collection?: { id: number; title: string }): void {
  useTabs.getState().open({
    id: tabId('CHANGE_AI_TABLE_INFO', t as TabTarget) + (collection ? `-c${collection.id}` : ''),
    type: 'CHANGE_AI_TABLE_INFO',
    title: t.tableName,
    dataSourceId: t.dataSourceId,
    dataSourceName: t.dataSourceName ?? null,
    databaseType: t.databaseType ?? null,
    databaseName: t.databaseName ?? null,
    schemaName: t.schemaName ?? null,
    tableName: t.tableName,
    ...(collection ? { params: { collectionId: collection.id, collectionTitle: collection.title } } : {}),
  });
  if (tabFromLocation() !== 'workspace') navigate('workspace');
}
