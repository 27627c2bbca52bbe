import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

export function TeamPage() {
  const { t } = useTranslation();
  return <Empty style={{ marginTop: 120 }} description={t('shell.empty.team')} />;
}
