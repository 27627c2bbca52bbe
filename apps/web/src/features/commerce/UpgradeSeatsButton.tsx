/** "Upgrade seats" (spec 02 §2 Member management): a team admin opens pricing as TeamAddSeat; hidden without billing. */
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession, isTeamAdmin } from '../auth/session';
import { useCommerce } from './commerce-store';

export function UpgradeSeatsButton() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const billing = useCommerce((s) => s.billing);
  const openPricing = useCommerce((s) => s.openPricing);
  if (!billing || user?.currentOrganization?.type !== 'TEAM' || !isTeamAdmin(user)) return null;
  return (
    <Button icon={<PlusOutlined />} data-testid="add-seats" onClick={() => openPricing({ mode: 'TeamAddSeat' })}>
      {t('commerce.records.addSeats')}
    </Button>
  );
}
