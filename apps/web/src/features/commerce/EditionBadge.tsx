/**
 * Edition badge (spec 01 §2, §4): forever, pro or trial (team variants for a team); validity text
 * only in the China build; a click on a trial opens the pricing dialog. Hidden when billing is off.
 */
import { Tag, Tooltip } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CHINA_BUILD, useCommerce } from './commerce-store';
import { useSession } from '../auth/session';

const TRIAL_LABELS = new Set(['trial', 'teamTrial', 'community']);

export function EditionBadge() {
  const { t } = useTranslation();
  const billing = useCommerce((s) => s.billing);
  const edition = useCommerce((s) => s.edition);
  const openPricing = useCommerce((s) => s.openPricing);
  const orgType = useSession((s) => s.user?.currentOrganization?.type);
  if (!billing || !edition) return null;
  const trial = TRIAL_LABELS.has(edition.label);
  const end = trial ? edition.trialEndTime : edition.subscriptionEndTime;
  const validity = CHINA_BUILD && end && edition.label !== 'forever' ? t('commerce.badge.validUntil', { date: new Date(end).toLocaleDateString() }) : null;
  const tag = (
    <Tag
      icon={<CrownOutlined />}
      color={trial ? 'default' : 'gold'}
      data-testid="edition-badge"
      data-label={edition.label}
      style={{ cursor: trial ? 'pointer' : 'default' }}
      onClick={() => trial && openPricing({ mode: orgType === 'TEAM' ? 'TeamUpdate' : 'PersonalUpdate' })}
    >
      {t(`commerce.badge.${edition.label}`)}
      {validity ? ` · ${validity}` : ''}
    </Tag>
  );
  return trial ? <Tooltip title={t('commerce.badge.upgradeHint')}>{tag}</Tooltip> : tag;
}
