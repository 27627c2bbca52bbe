/** The workspace's main area: the open tabs (spec 01 §2 tab types), each rendered by its feature. */
import { lazy, Suspense, useEffect } from 'react';
import { App, Button, Dropdown, Empty, Spin, Tabs, Typography } from 'antd';
import { ConsoleSqlOutlined, DatabaseOutlined, RobotOutlined, EyeOutlined, FileTextOutlined, FormOutlined, PartitionOutlined, PlusOutlined, TableOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TabType } from '@askdb/contracts';
import { useTabs, type WorkspaceTab } from './tabs-store';
import { setNotifier } from './notify';
import { openNewConsole } from './open-console';
import { useDialogs } from './dialogs-store';
import { useTree } from './tree/tree-store';
import { ConsoleSlot } from './ConsoleSlot';
import { tabTitle } from './tab-title';
import { confirmPendingWork } from './pending-changes';
import { PendingChangesDialog } from './PendingChangesDialog';

const TableDataTab = lazy(() => import('../table-data/TableDataTab').then((m) => ({ default: m.TableDataTab })));
const TableEditorTab = lazy(() => import('../table-editor/TableEditorTab').then((m) => ({ default: m.TableEditorTab })));
const ErModelTab = lazy(() => import('../er/ErModelTab').then((m) => ({ default: m.ErModelTab })));
const DdlTab = lazy(() => import('./DdlTab').then((m) => ({ default: m.DdlTab })));
const AllTablesTab = lazy(() => import('./AllTablesTab').then((m) => ({ default: m.AllTablesTab })));
const AllViewsTab = lazy(() => import('./AllViewsTab').then((m) => ({ default: m.AllViewsTab })));
const AiTableInfoTab = lazy(() => import('../ai-table-info/AiTableInfoTab').then((m) => ({ default: m.AiTableInfoTab })));
const RedisKeyTab = lazy(() => import('../redis/RedisKeyTab').then((m) => ({ default: m.RedisKeyTab })));
const RedisAllDataTab = lazy(() => import('../redis/RedisAllDataTab').then((m) => ({ default: m.RedisAllDataTab })));

const ICONS: Partial<Record<TabType, React.ReactNode>> = {
  CONSOLE: <ConsoleSqlOutlined />,
  EDIT_TABLE_DATA: <TableOutlined />,
  EDIT_TABLE: <FormOutlined />,
  CREATE_TABLE: <PlusOutlined />,
  VIEW_DDL: <FileTextOutlined />,
  VIEW_ALL_TABLES: <UnorderedListOutlined />,
  VIEW_ALL_VIEWS: <EyeOutlined />,
  REDIS_ALL_DATA: <DatabaseOutlined />,
  ER_MODEL: <PartitionOutlined />,
  CHANGE_AI_TABLE_INFO: <RobotOutlined />,
  VIEW_VIEW: <EyeOutlined />,
  VIEW: <EyeOutlined />,
  LOCAL_SQL_FILE: <FileTextOutlined />,
};

function TabBody({ tab }: { tab: WorkspaceTab }) {
  const { t } = useTranslation();
  switch (tab.type) {
    case 'CONSOLE':
    case 'LOCAL_SQL_FILE':
    case 'VIEW':
    case 'VIEW_VIEW':
    case 'FUNCTION':
    case 'PROCEDURE':
    case 'TRIGGER':
      return <ConsoleSlot tab={tab} />;
    case 'EDIT_TABLE_DATA':
      // A Redis key is not a table: it is read by the commands its type needs.
      return tab.databaseType === 'REDIS' ? <RedisKeyTab tab={tab} /> : <TableDataTab tab={tab} />;
    case 'EDIT_TABLE':
    case 'CREATE_TABLE':
      return <TableEditorTab tab={tab} />;
    case 'VIEW_DDL':
      return <DdlTab tab={tab} />;
    case 'VIEW_ALL_TABLES':
      return <AllTablesTab tab={tab} />;
    case 'VIEW_ALL_VIEWS':
      return <AllViewsTab tab={tab} />;
    case 'ER_MODEL':
      return <ErModelTab tab={tab} />;
    case 'REDIS_ALL_DATA':
      return <RedisAllDataTab tab={tab} />;
    case 'CHANGE_AI_TABLE_INFO':
      return <AiTableInfoTab tab={tab} />;
    default:
      return <Empty style={{ marginTop: 96 }} description={t('workspace.tab.unsupported')} />;
  }
}

function Welcome() {
  const { t } = useTranslation();
  const dataSources = useTree((s) => s.dataSources);
  const first = dataSources.find((d) => d.hasPermission);
  return (
    <div className="askdb-welcome" data-testid="workspace-welcome">
      <Typography.Title level={3}>{t('shell.welcome')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('workspace.welcome.body')}</Typography.Paragraph>
      <div style={{ display: 'flex', gap: 8, justifyContent: 'center' }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => useDialogs.getState().openConnection({ mode: 'create', type: 'POSTGRESQL' })}>
          {t('workspace.menu.newConnection')}
        </Button>
        {first && (
          <Button icon={<ConsoleSqlOutlined />} onClick={() => void openNewConsole({ dataSourceId: first.id, dataSourceName: first.alias, databaseType: first.type })}>
            {t('workspace.welcome.console', { name: first.alias })}
          </Button>
        )}
      </div>
    </div>
  );
}

export function WorkspaceMain() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { tabs, activeId, activate, close } = useTabs();
  const dataSources = useTree((s) => s.dataSources);

  useEffect(() => {
    setNotifier(message);
    return () => setNotifier(null);
  }, [message]);

  if (tabs.length === 0) return <Welcome />;

  // A tab with changes not applied yet asks first (apply, discard, cancel).
  const closeTab = async (id: string) => {
    if (await confirmPendingWork([id])) close(id);
  };

  const newConsole = (dataSourceId?: number) => {
    const active = tabs.find((x) => x.id === activeId);
    const ds = dataSources.find((d) => d.id === (dataSourceId ?? active?.dataSourceId)) ?? dataSources.find((d) => d.hasPermission);
    const sameDs = active && ds && active.dataSourceId === ds.id;
    void openNewConsole(ds ? { dataSourceId: ds.id, dataSourceName: ds.alias, databaseType: ds.type, databaseName: sameDs ? active.databaseName : null, schemaName: sameDs ? active.schemaName : null } : {});
  };

  return (
    <>
    <PendingChangesDialog />
    <Tabs
      className="askdb-tabs"
      data-testid="workspace-tabs"
      type="editable-card"
      size="small"
      activeKey={activeId ?? undefined}
      onChange={activate}
      onEdit={(key, action) => (action === 'add' ? newConsole() : void closeTab(String(key)))}
      addIcon={<span data-testid="tab-add" aria-label={t('workspace.menu.newConsole')}><PlusOutlined /></span>}
      tabBarExtraContent={{
        right: dataSources.length > 1 ? (
          <Dropdown menu={{ items: dataSources.filter((d) => d.hasPermission).map((d) => ({ key: String(d.id), label: d.alias })), onClick: ({ key }) => newConsole(Number(key)) }}>
            <Button size="small" type="text">{t('workspace.menu.newConsoleFor')}</Button>
          </Dropdown>
        ) : undefined,
      }}
      items={tabs.map((tab) => ({
        key: tab.id,
        label: (
          <span data-testid="workspace-tab" data-tab-id={tab.id} data-tab-type={tab.type} title={[tab.dataSourceName, tab.databaseName, tab.schemaName, tabTitle(tab, t)].filter(Boolean).join(' / ')}>
            {ICONS[tab.type]} <span className="askdb-tab-title">{tabTitle(tab, t)}</span>
          </span>
        ),
        children: (
          <Suspense fallback={<Spin style={{ margin: 48 }} />}>
            <TabBody tab={tab} />
          </Suspense>
        ),
      }))}
    />
    </>
  );
}
