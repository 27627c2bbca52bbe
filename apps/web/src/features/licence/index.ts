export { ActivationDialog } from './ActivationDialog';
export { LicenceSection } from './LicenceSection';
export { PluginsSection } from './PluginsSection';
export { PurchaseStatusTag } from './PurchaseStatusTag';
export { useLicence, licenceApi, daysLeft } from './licence-store';
export { licenceStrings } from './i18n';
