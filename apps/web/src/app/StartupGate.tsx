/**
 * Spec 02 §8 "Service startup failed. Please try refreshing the page...": when the start data
 * (GET /api/system) cannot be loaded, the app shows this page instead of a workspace that would
 * fail piece by piece.
 */
import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../features/auth/session';

// The strings live in a module of plain data (the build reads every catalogue to make one file per language).
export { startupStrings } from './startup-i18n';

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
