/**
 * The header badge of the install's edition (issue 25 item 9, spec 02 plan labels): on a local
 * install the offline licence — trial with the days left, trial expired, pro until a date, forever,
 * licence expired — instead of a static "Local"; a click on a trial or an expired one opens the
 * pricing dialog where billing is on, else the activation dialog. A server deployment keeps "Team server".
 */
import { useEffect } from 'react';
import { Tag, Tooltip } from 'antd';
import { CrownOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLicence } from '../features/licence/licence-store';
import { useCommerce } from '../features/commerce/commerce-store';
import { editionState, leadsToPricing } from './edition-state';

export function EditionStateBadge({ mode }: { mode: 'local' | 'server' }) {
  const { t } = useTranslation();
  const status = useLicence((s) => s.status);
  const billing = useCommerce((s) => s.billing);
  useEffect(() => {
    if (mode === 'local' && !status) void useLicence.getState().load();
  }, [mode, status]);

  if (mode === 'server' || status?.scope === 'server') return <Tag data-testid="mode-tag">{t('shell.mode.server')}</Tag>;
  if (!status) return <Tag data-testid="mode-tag">{t('shell.mode.local')}</Tag>;
  const e = editionState(status);
  const clickable = leadsToPricing(e);
  const text =
    e.label === 'trial' ? t('shell.edition.trial', { count: e.daysLeft })
      : e.label === 'pro' ? t('shell.edition.pro', { date: new Date(e.until).toLocaleDateString() })
        : t(`shell.edition.${e.label}`);
  const open = () => {
    if (!clickable) return;
    if (billing) useCommerce.getState().openPricing({ mode: 'PersonalUpdate' });
    else useLicence.getState().openActivation();
  };
  const tag = (
    <Tag
      data-testid="mode-tag"
      data-edition={e.label}
      icon={e.label === 'trial' ? <ClockCircleOutlined /> : <CrownOutlined />}
      color={e.label === 'pro' || e.label === 'forever' ? 'gold' : e.label === 'trial' ? 'blue' : 'red'}
      style={{ cursor: clickable ? 'pointer' : 'default' }}
      role={clickable ? 'button' : undefined}
      tabIndex={clickable ? 0 : undefined}
      onClick={open}
      onKeyDown={(ev) => (ev.key === 'Enter' || ev.key === ' ') && open()}
    >
      {text}
    </Tag>
  );
  return clickable ? <Tooltip title={t('shell.edition.upgradeHint')}>{tag}</Tooltip> : tag;
}
