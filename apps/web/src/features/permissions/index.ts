export { PermissionsHost } from './PermissionsHost';
export { AuthorizationList } from './AuthorizationList';
export { ApplyList } from './ApplyList';
export { permissionStrings } from './i18n';
export { useRefusals } from './refusal-store';
