/**
 * Failures every screen shares (spec 02 §8): a request that never reached the server is a toast saying
 * the operation needs a connection, shown once per burst however many calls failed at the same time.
 * The api module only raises the event; this module decides how the user hears of it.
 */
import { message } from 'antd';
import i18n from 'i18next';

export const NETWORK_ERROR_EVENT = 'askdb:network-error';
// The strings live in a module of plain data (the build reads every catalogue to make one file per language).
export { apiErrorStrings } from './api-errors-i18n';


/** One toast per burst: the key replaces a toast still on screen instead of stacking copies. */
export function installApiErrorToasts(target: Window = window): () => void {
  const onNetwork = () => void message.warning({ key: 'askdb-network-error', content: i18n.t('api.networkError') });
  target.addEventListener(NETWORK_ERROR_EVENT, onNetwork);
  return () => target.removeEventListener(NETWORK_ERROR_EVENT, onNetwork);
}
