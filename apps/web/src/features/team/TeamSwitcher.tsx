/**
 * The user's teams on the Team tab, with a switcher (issue 25 point 7): every organisation the user
 * belongs to, the current one marked; choosing another switches into it (as the user menu does).
 */
import { useEffect, useState } from 'react';
import { App, Select } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountApi, type OrganizationSummary } from '../auth/account-api';
import { useSession } from '../auth/session';
import { switchOrganization } from '../auth/UserMenu';
import { useErrorToast } from '../../app/use-error-toast';

export function TeamSwitcher() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const current = useSession((s) => s.user?.currentOrganization?.id);
  const [orgs, setOrgs] = useState<OrganizationSummary[]>([]);
  useEffect(() => {
    accountApi.organizations().then(setOrgs, () => setOrgs([]));
  }, [current]);
  const teams = orgs.filter((o) => o.type === 'TEAM');
  if (!teams.length) return null;
  const label = (o: OrganizationSummary) => (o.type === 'PERSONAL' ? t('team.switcher.personal') : o.name);
  return (
    <div className="askdb-team-switcher" data-testid="team-switcher">
      <div className="askdb-team-switcher-label"><SwapOutlined /> {t('team.switcher.label')}</div>
      <Select
        style={{ width: '100%' }}
        value={current}
        onChange={(id: number) => {
          const o = orgs.find((x) => x.id === id);
          if (o && id !== current) switchOrganization(o).catch((e: Error) => showError(e));
        }}
        options={[...teams, ...orgs.filter((o) => o.type === 'PERSONAL')].map((o) => ({ value: o.id, label: <span data-testid="team-switcher-option" data-org={o.id}>{label(o)}</span> }))}
        data-testid="team-switcher-select"
        aria-label={t('team.switcher.label')}
      />
    </div>
  );
}
