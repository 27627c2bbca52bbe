/**
 * Failures every screen shares (spec 02 §8): a request that never reached the server is a toast saying
 * the operation needs a connection, shown once per burst however many calls failed at the same time.
 * The api module only raises the event; this module decides how the user hears of it.
 */
import { message } from 'antd';
import i18n from 'i18next';
import type { FeatureStrings } from '../i18n/types';

export const NETWORK_ERROR_EVENT = 'askdb:network-error';

export const apiErrorStrings: FeatureStrings = {
  'en-US': { 'api.networkError': 'This operation requires an internet connection', 'api.solution': 'How to fix this', 'api.copyReport': 'Copy error report', 'api.reportCopied': 'Error report copied', 'api.reportCopyFailed': 'Could not copy the error report' },
  'zh-CN': { 'api.networkError': '此操作需要网络连接', 'api.solution': '解决方法', 'api.copyReport': '复制错误报告', 'api.reportCopied': '错误报告已复制', 'api.reportCopyFailed': '无法复制错误报告' },
  'ja-JP': { 'api.networkError': 'この操作にはインターネット接続が必要です', 'api.solution': '解決方法', 'api.copyReport': 'エラーレポートをコピー', 'api.reportCopied': 'エラーレポートをコピーしました', 'api.reportCopyFailed': 'エラーレポートをコピーできませんでした' },
};

/** One toast per burst: the key replaces a toast still on screen instead of stacking copies. */
export function installApiErrorToasts(target: Window = window): () => void {
  const onNetwork = () => void message.warning({ key: 'askdb-network-error', content: i18n.t('api.networkError') });
  target.addEventListener(NETWORK_ERROR_EVENT, onNetwork);
  return () => target.removeEventListener(NETWORK_ERROR_EVENT, onNetwork);
}
