/** Shows the generated UPDATE/INSERT/DELETE statements before they run, then the outcome of the transaction. */
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DmlStatement } from './dml';
import type { ApplyResult } from './apply';

interface Props {
  open: boolean;
  statements: DmlStatement[];
  busy: boolean;
  result: ApplyResult | null;
  onApply(): void;
  onClose(): void;
}

export function ChangesDialog({ open, statements, busy, result, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const failed = result && !result.ok ? result : null;
  return (
    <Modal
      open={open}
      title={t('tableData.review.title', { count: statements.length })}
      width={820}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('tableData.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={onApply} disabled={statements.length === 0} data-testid="changes-apply">
            {t('tableData.review.apply')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('tableData.review.body')}</Typography.Paragraph>
      <pre className="askdb-code" data-testid="changes-sql" style={{ maxHeight: 360, overflow: 'auto' }}>
        {statements.map((s) => `${s.sql};`).join('\n')}
      </pre>
      {failed && (
        <Alert
          type="error"
          showIcon
          data-testid="changes-error"
          title={failed.reason === 'conflict' ? t('tableData.review.conflict') : t('tableData.review.failed', { message: failed.message })}
          description={
            <>
              {failed.statement && <Typography.Text code style={{ whiteSpace: 'pre-wrap' }}>{failed.statement.sql}</Typography.Text>}
              <div>{failed.rolledBack ? t('tableData.review.rolledBack') : t('tableData.review.maybePartial')}</div>
            </>
          }
        />
      )}
    </Modal>
  );
}
