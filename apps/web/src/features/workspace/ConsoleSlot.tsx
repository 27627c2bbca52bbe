/**
 * Where a CONSOLE tab renders. The SQL console (editor, results) is the console feature's; until it
 * exports `ConsoleTab`, a placeholder names the console and its binding.
 */
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkspaceTab } from './tabs-store';

export function ConsoleSlot({ tab }: { tab: WorkspaceTab }) {
  const { t } = useTranslation();
  return (
    <Empty style={{ marginTop: 96 }} data-testid="console-placeholder" description={`${tab.title} — ${[tab.dataSourceName, tab.databaseName, tab.schemaName].filter(Boolean).join(' / ') || t('workspace.console.unbound')}`} />
  );
}
