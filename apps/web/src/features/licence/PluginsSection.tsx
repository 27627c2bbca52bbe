/** Settings › Plugins (spec 02 §2, §4): installed engine drivers and features, each valid, expired, or needing purchase or activation. */
import { useEffect, useState } from 'react';
import { Button, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PluginStatus, PluginView } from '@askdb/contracts';
import { licenceApi, useLicence } from './licence-store';

const COLORS: Record<PluginStatus, string> = { VALID: 'green', EXPIRED: 'red', NEEDS_ACTIVATION: 'gold' };

export function PluginsSection() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<PluginView[]>();
  const status = useLicence((s) => s.status);
  useEffect(() => {
    licenceApi.plugins().then(setRows, () => setRows([]));
  }, [status?.state, status?.mode]);
  return (
    <Table<PluginView>
      data-testid="plugins-table"
      size="small"
      rowKey="key"
      loading={!rows}
      dataSource={rows}
      pagination={false}
      scroll={{ y: 440 }}
      columns={[
        { title: t('licence.plugins.name'), render: (_, r) => (r.kind === 'feature' ? t(`licence.feature.${r.key}`, { defaultValue: r.name }) : r.name) },
        { title: t('licence.plugins.kind'), render: (_, r) => t(`licence.plugins.kind.${r.kind}`) },
        {
          title: t('licence.plugins.status'),
          render: (_, r) => (
            <span>
              <Tag color={COLORS[r.status]} data-testid={`plugin-status-${r.key}`} data-status={r.status}>{t(`licence.plugins.status.${r.status}`)}</Tag>
              {r.status !== 'VALID' && status?.scope === 'local' && (
                <Button type="link" size="small" onClick={() => useLicence.getState().openActivation()}>{t('licence.activate')}</Button>
              )}
            </span>
          ),
        },
      ]}
    />
  );
}
