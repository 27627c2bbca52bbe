/** A team-area entry that a later issue fills (approvals, permissions, audit, subscriptions). */
import { Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return <Result icon={<ClockCircleOutlined />} title={title} subTitle={t('team.comingSoon')} data-testid="team-coming-soon" />;
}
