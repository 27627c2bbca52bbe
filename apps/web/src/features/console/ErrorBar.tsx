/** The error bar under the editor (spec 01 §2): the last execution error, or 'Unknown Error'; a close button; hidden when there is none. */
import { Button } from 'antd';
import { CloseOutlined, ExclamationCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function ErrorBar({ message, onClose }: { message: string | null; onClose(): void }) {
  const { t } = useTranslation();
  if (message === null) return null;
  const text = message.trim() || t('console.error.unknown');
  return (
    <div className="askdb-error-bar" role="alert" data-testid="console-error-bar">
      <ExclamationCircleFilled className="askdb-error-bar-icon" />
      <span className="askdb-error-bar-text" data-testid="console-error-text" title={text}>
        {text}
      </span>
      <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('console.error.close')} data-testid="console-error-close" onClick={onClose} />
    </div>
  );
}
