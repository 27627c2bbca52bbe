/** VIEW_ALL_TABLES tab: every table of a database/schema with its comment, searchable, with the table actions. */
import { Alert, Button, Input, Space, Table, Tag } from 'antd';
import { PlusOutlined, PushpinFilled, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { metaApi, type TableItem } from './meta-api';
import { openTab } from './open-tabs';
import { useObjectList } from './use-object-list';
import { useDialogs } from './dialogs-store';
import { useTabs, type WorkspaceTab } from './tabs-store';
import { DataSourcePicker } from './DataSourcePicker';

export function AllTablesTab({ tab }: { tab: WorkspaceTab }) {
  const { t } = useTranslation();
  const { target, rows, setRows, error, search, setSearch, shown, load } = useObjectList<TableItem>(tab, (target, refresh) => metaApi.tables(target, { refresh }).then((p) => p.data));

  return (
    <div className="askdb-pane" data-testid="all-tables-tab">
      <div className="askdb-pane-toolbar">
        <DataSourcePicker
          value={{ dataSourceId: tab.dataSourceId, databaseName: tab.databaseName, schemaName: tab.schemaName, databaseType: tab.databaseType, dataSourceName: tab.dataSourceName }}
          onChange={(b) => {
            setRows(null);
            useTabs.getState().update(tab.id, { ...b, title: b.schemaName ?? b.databaseName ?? b.dataSourceName ?? '' });
          }}
        />
        <Input size="small" allowClear prefix={<SearchOutlined />} placeholder={t('workspace.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 260 }} />
        <Button size="small" icon={<PlusOutlined />} onClick={() => openTab.createTable(target)}>{t('workspace.menu.createTable')}</Button>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => load(true)}>{t('workspace.menu.refresh')}</Button>
        <span style={{ marginLeft: 'auto', opacity: 0.6, fontSize: 12 }}>{rows ? t('workspace.tableCount', { count: shown.length }) : ''}</span>
      </div>
      {error && <Alert type="error" showIcon title={error.message} style={{ margin: 12 }} />}
      <div className="askdb-pane-body">
        <Table<TableItem>
          size="small"
          rowKey="name"
          loading={rows === null && !error}
          dataSource={shown}
          pagination={false}
          virtual
          scroll={{ y: 600 }}
          locale={{ emptyText: search ? t('workspace.noSearchResult') : t('workspace.empty') }}
          columns={[
            {
              title: t('workspace.col.name'),
              dataIndex: 'name',
              sorter: (a, b) => a.name.localeCompare(b.name),
              render: (name: string, r) => (
                <a
                  href="#"
                  onClick={(e) => {
                    e.preventDefault();
                    openTab.tableData({ ...target, tableName: name });
                  }}
                >
                  {r.pinned && <PushpinFilled style={{ color: '#e0a030', marginRight: 4 }} />}
                  {name}
                </a>
              ),
            },
            { title: t('workspace.col.comment'), dataIndex: 'comment', render: (c: string | null) => c ?? '' },
            {
              title: '',
              width: 370,
              render: (_: unknown, r) => (
                <Space size={4}>
                  <Button size="small" type="link" onClick={() => openTab.tableData({ ...target, tableName: r.name })}>{t('workspace.menu.openData')}</Button>
                  <Button size="small" type="link" onClick={() => openTab.editTable({ ...target, tableName: r.name })}>{t('workspace.menu.editTable')}</Button>
                  <Button size="small" type="link" onClick={() => openTab.ddl({ ...target, tableName: r.name })}>DDL</Button>
                  <Button size="small" type="link" danger onClick={() => useDialogs.getState().openDropTable({ ...target, tableName: r.name })}>{t('workspace.menu.drop')}</Button>
                </Space>
              ),
            },
          ]}
        />
        {rows && rows.some((r) => r.pinned) && <Tag style={{ margin: 8 }}>{t('workspace.pinnedFirst')}</Tag>}
      </div>
    </div>
  );
}
