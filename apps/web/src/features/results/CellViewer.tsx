/**
 * The cell value viewer (issue 25 item 9): a double-clicked cell's whole value in a panel — JSON
 * formatted, binary as a hex dump — with a copy button (copies the value as the database gave it).
 */
import { App, Button, Modal, Space, Tag, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResultHeader } from '@askdb/contracts';
import { writeClipboard } from '../../lib/clipboard';
import { cellView } from './cell-value.js';
import { columnKind } from './column-kind.js';

export interface CellViewerProps {
  header: ResultHeader;
  /** 1-based row number as the grid shows it. */
  row: number;
  value: string | null;
  onClose(): void;
}

export function CellViewer({ header, row, value, onClose }: CellViewerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const view = cellView(value, columnKind(header.columnType, header.dataType) === 'binary');
  const copy = async () => {
    if (await writeClipboard(value ?? 'NULL')) void message.success(t('results.viewer.copied'));
  };
  return (
    <Modal
      open
      title={t('results.viewer.title', { column: header.name, row })}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="cell-viewer-copy">{t('results.viewer.copy')}</Button>
          <Button type="primary" onClick={onClose}>{t('results.viewer.close')}</Button>
        </Space>
      }
    >
      <div data-testid="cell-viewer" data-kind={view.kind}>
        <Space size={6} style={{ marginBottom: 8 }}>
          <Tag>{t(`results.viewer.kind.${view.kind}`)}</Tag>
          <Typography.Text type="secondary">{header.dataType}</Typography.Text>
          {value !== null && <Typography.Text type="secondary">{t('results.viewer.length', { n: value.length.toLocaleString() })}</Typography.Text>}
        </Space>
        <pre className="askdb-cell-viewer-text" data-testid="cell-viewer-text">{view.text}</pre>
      </div>
    </Modal>
  );
}
