/** VIEW_DDL tab: the table's CREATE statement as the database reports it, with copy and "open in console". */
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Spin } from 'antd';
import { ConsoleSqlOutlined, CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { metaApi } from './meta-api';
import { writeClipboard as copyText } from '../../lib/clipboard';
import { openNewConsole } from './open-console';
import type { WorkspaceTab } from './tabs-store';

export function DdlTab({ tab }: { tab: WorkspaceTab }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [ddl, setDdl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    setDdl(null);
    metaApi.tableDdl({ dataSourceId: tab.dataSourceId!, databaseName: tab.databaseName, schemaName: tab.schemaName, tableName: tab.tableName! }).then(setDdl, (e) => setError((e as Error).message));
  }, [tab.dataSourceId, tab.databaseName, tab.schemaName, tab.tableName]);
  useEffect(load, [load]);

  return (
    <div className="askdb-pane" data-testid="ddl-tab">
      <div className="askdb-pane-toolbar">
        <Button size="small" icon={<CopyOutlined />} disabled={!ddl} onClick={async () => ddl && (await copyText(ddl)) && message.success(t('workspace.copied', { what: 'DDL' }))}>
          {t('workspace.copy')}
        </Button>
        <Button size="small" icon={<ConsoleSqlOutlined />} disabled={!ddl} onClick={() => void openNewConsole(tab, { ddl: ddl ?? '' })}>
          {t('workspace.openInConsole')}
        </Button>
        <Button size="small" icon={<ReloadOutlined />} onClick={load}>
          {t('workspace.menu.refresh')}
        </Button>
      </div>
      <div className="askdb-pane-body">
        {error && <Alert type="error" showIcon title={error} style={{ margin: 12 }} />}
        {ddl === null && !error ? <Spin style={{ margin: 48 }} /> : <pre className="askdb-code" data-testid="ddl-text">{ddl}</pre>}
      </div>
    </div>
  );
}
