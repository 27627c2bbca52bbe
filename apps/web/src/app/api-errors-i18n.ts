/** Strings of the failures every screen shares (api-errors.ts). */
import type { FeatureStrings } from '../i18n/types';

export const apiErrorStrings: FeatureStrings = {
  'en-US': { 'api.networkError': 'This operation requires an internet connection', 'api.solution': 'How to fix this', 'api.copyReport': 'Copy error report', 'api.reportCopied': 'Error report copied', 'api.reportCopyFailed': 'Could not copy the error report' },
  'zh-CN': { 'api.networkError': '此操作需要网络连接', 'api.solution': '解决方法', 'api.copyReport': '复制错误报告', 'api.reportCopied': '错误报告已复制', 'api.reportCopyFailed': '无法复制错误报告' },
  'ja-JP': { 'api.networkError': 'この操作にはインターネット接続が必要です', 'api.solution': '解決方法', 'api.copyReport': 'エラーレポートをコピー', 'api.reportCopied': 'エラーレポートをコピーしました', 'api.reportCopyFailed': 'エラーレポートをコピーできませんでした' },
};
