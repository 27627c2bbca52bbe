/** The account areas of settings (issue 12), shown in server mode. */
import type { SettingsSection } from '../extra-sections';
import { AccountSection } from './AccountSection';
import { ApiKeysSection } from './ApiKeysSection';
import { OrganizationSection } from './OrganizationSection';
import { ProfileSection } from './ProfileSection';
import { SessionsSection } from './SessionsSection';

export const accountSettingsSections: SettingsSection[] = [
  { key: 'account.profile', labelKey: 'account.section.profile', Component: ProfileSection, serverOnly: true },
  { key: 'account.account', labelKey: 'account.section.account', Component: AccountSection, serverOnly: true },
  { key: 'account.sessions', labelKey: 'account.section.sessions', Component: SessionsSection, serverOnly: true },
  { key: 'account.apiKeys', labelKey: 'account.section.apiKeys', Component: ApiKeysSection, serverOnly: true },
  { key: 'account.organization', labelKey: 'account.section.organization', Component: OrganizationSection, serverOnly: true },
];
