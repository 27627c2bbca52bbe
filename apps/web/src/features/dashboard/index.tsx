import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

export function DashboardPage() {
  const { t } = useTranslation();
  return <Empty style={{ marginTop: 120 }} description={t('shell.empty.dashboard')} />;
}
