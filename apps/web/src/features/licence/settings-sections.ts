/** Settings sections of the offline licence: licence / activation code, plugins (spec 02 §2 Settings). */
import type { SettingsSection } from '../settings/extra-sections';
import { LicenceSection } from './LicenceSection';
import { PluginsSection } from './PluginsSection';
import { useSession } from '../auth/session';
import { useCommerce } from '../commerce/commerce-store';

/** A team server with billing off sells no licences: nothing to show. */
const noLicences = () => useSession.getState().system?.mode === 'server' && !useCommerce.getState().billing;

export const licenceSettingsSections: SettingsSection[] = [
  { key: 'licence', labelKey: 'licence.section', Component: LicenceSection, hidden: noLicences },
  { key: 'plugins', labelKey: 'licence.plugins.section', Component: PluginsSection },
];
