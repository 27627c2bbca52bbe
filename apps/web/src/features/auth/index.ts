/** Sign-in and the signed-in user (issue 12). */
export { LoginPage } from './LoginPage';
export { UserMenu, UserAvatar, switchOrganization } from './UserMenu';
export { useSession, isServerMode, isTeamAdmin, isSuperAdmin } from './session';
export { standalonePage, safeRedirect, loginHref } from './redirect';
export { accountApi } from './account-api';
