/** Strings of the start-up failure page (StartupGate.tsx). */
import type { FeatureStrings } from '../i18n/types';

export const startupStrings: FeatureStrings = {
  'en-US': { 'startup.failed': 'Service startup failed. Please try refreshing the page...', 'startup.refresh': 'Refresh' },
  'zh-CN': { 'startup.failed': '服务启动失败，请尝试刷新页面...', 'startup.refresh': '刷新' },
  'ja-JP': { 'startup.failed': 'サービスの起動に失敗しました。ページを再読み込みしてください...', 'startup.refresh': '再読み込み' },
};
