/**
 * Spec 02 §8 "Service startup failed. Please try refreshing the page...": when the start data
 * (GET /api/system) cannot be loaded, the app shows this page instead of a workspace that would
 * fail piece by piece.
 */
import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FeatureStrings } from '../i18n/types';
import { useSession } from '../features/auth/session';

export const startupStrings: FeatureStrings = {
  'en-US': { 'startup.failed': 'Service startup failed. Please try refreshing the page...', 'startup.refresh': 'Refresh' },
  'zh-CN': { 'startup.failed': '服务启动失败，请尝试刷新页面...', 'startup.refresh': '刷新' },
  'ja-JP': { 'startup.failed': 'サービスの起動に失敗しました。ページを再読み込みしてください...', 'startup.refresh': '再読み込み' },
};

export function StartupGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const failed = useSession((s) => s.startupFailed);
  if (!failed) return <>{children}</>;
  return (
    <Result
      status="error"
      data-testid="startup-failed"
      title={t('startup.failed')}
      extra={<Button type="primary" onClick={() => window.location.reload()}>{t('startup.refresh')}</Button>}
    />
  );
}
