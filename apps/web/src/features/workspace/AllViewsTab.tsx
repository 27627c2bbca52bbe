/** VIEW_ALL_VIEWS tab (spec 01 §2 tab types): every view of a database/schema with its comment and a definition preview. */
import { Alert, Button, Input, Space, Table, Typography } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { metaApi, type ViewItem } from './meta-api';
import { openTab } from './open-tabs';
import { useObjectList } from './use-object-list';
import { tableSqlName } from './table-actions';
import type { WorkspaceTab } from './tabs-store';
import { definitionPreview } from './view-preview';
import { ApiError } from '../../lib/api';
import { ErrorDetails } from '../../app/ErrorDetails';

export function AllViewsTab({ tab }: { tab: WorkspaceTab }) {
  const { t } = useTranslation();
  const { target, rows, error, search, setSearch, shown, load } = useObjectList<ViewItem>(tab, (target, refresh) => metaApi.views(target, refresh));
  const showDefinition = (v: ViewItem) => {
    const table = { ...target, tableName: v.name };
    const body = v.definition?.trim();
    const ddl = body ? (/^create\b/i.test(body) ? body : `CREATE VIEW ${tableSqlName(table)} AS\n${body}`) : `-- ${t('workspace.noDefinition')}`;
    openTab.definition('VIEW_VIEW', table, ddl);
  };

  return (
    <div className="askdb-pane" data-testid="all-views-tab">
      <div className="askdb-pane-toolbar">
        <Input size="small" allowClear prefix={<SearchOutlined />} placeholder={t('workspace.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 260 }} />
        <Button size="small" icon={<ReloadOutlined />} onClick={() => load(true)}>{t('workspace.menu.refresh')}</Button>
        <span style={{ marginLeft: 'auto', opacity: 0.6, fontSize: 12 }} data-testid="all-views-count">{rows ? t('workspace.viewCount', { count: shown.length }) : ''}</span>
      </div>
      {error && <Alert type="error" showIcon title={error.message} description={error instanceof ApiError ? <ErrorDetails error={error} /> : undefined} style={{ margin: 12 }} data-testid="all-views-error" />}
      <div className="askdb-pane-body">
        <Table<ViewItem>
          size="small"
          rowKey="name"
          loading={rows === null && !error}
          dataSource={shown}
          pagination={false}
          virtual
          scroll={{ y: 600 }}
          locale={{ emptyText: search ? t('workspace.noSearchResult') : t('workspace.empty') }}
          onRow={(r) => ({ 'data-testid': 'all-views-row', 'data-name': r.name }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('workspace.col.name'),
              dataIndex: 'name',
              width: 200,
              sorter: (a, b) => a.name.localeCompare(b.name),
              render: (name: string) => (
                <a href="#" onClick={(e) => (e.preventDefault(), openTab.tableData({ ...target, tableName: name }, { readOnly: true }))}>
                  {name}
                </a>
              ),
            },
            { title: t('workspace.col.comment'), dataIndex: 'comment', width: 160, render: (c: string | null) => c ?? '' },
            {
              title: t('workspace.col.definition'),
              dataIndex: 'definition',
              render: (d: string | null | undefined) => (
                <Typography.Text code ellipsis style={{ maxWidth: '100%' }} data-testid="all-views-definition">{definitionPreview(d)}</Typography.Text>
              ),
            },
            {
              title: '',
              width: 250,
              render: (_: unknown, r) => (
                <Space size={4}>
                  <Button size="small" type="link" onClick={() => openTab.tableData({ ...target, tableName: r.name }, { readOnly: true })}>{t('workspace.menu.openViewData')}</Button>
                  <Button size="small" type="link" onClick={() => showDefinition(r)}>{t('workspace.menu.viewDefinition')}</Button>
                </Space>
              ),
            },
          ]}
        />
      </div>
    </div>
  );
}
