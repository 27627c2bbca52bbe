/**
 * An API failure's extras (spec 02 §8 "notification with detail and solution link"; "copy an error report
 * containing interface details"): the server's solution link when it sent one, and a copy-report button.
 */
import { Button, Space, Typography, message } from 'antd';
import { CopyOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../lib/api';
import { errorReport, safeLink } from './error-report';

/** `hideDetail`: the surrounding view shows the detail itself. */
export function ErrorDetails({ error, hideDetail = false }: { error: ApiError; hideDetail?: boolean }) {
  const { t } = useTranslation();
  const link = safeLink(error.call?.solutionLink);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(errorReport(error));
      message.success(t('api.reportCopied'));
    } catch {
      message.error(t('api.reportCopyFailed'));
    }
  };
  return (
    <Space size={12} wrap data-testid="error-details">
      {!hideDetail && error.detail && error.detail !== error.message && <Typography.Text type="secondary" data-testid="error-detail">{error.detail}</Typography.Text>}
      {link && (
        <a href={link} target="_blank" rel="noreferrer" data-testid="error-solution-link">
          <QuestionCircleOutlined /> {t('api.solution')}
        </a>
      )}
      <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="error-copy-report">{t('api.copyReport')}</Button>
    </Space>
  );
}
