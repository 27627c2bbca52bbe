import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function WorkspaceExplorer() {
  const { t } = useTranslation();
  return <Typography.Text type="secondary" style={{ padding: 12, display: 'block' }}>{t('shell.panel.left')}</Typography.Text>;
}
export function WorkspaceMain() {
  const { t } = useTranslation();
  return <Empty style={{ marginTop: 120 }} description={t('shell.welcome')} />;
}
