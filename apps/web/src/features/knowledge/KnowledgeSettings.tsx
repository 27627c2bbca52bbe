/** Settings entries: "Knowledge" opens the knowledge table in a wide dialog; "MCP" copies the client configuration (GET /api/mcp/config/copy). */
import { useState } from 'react';
import { App, Button, Modal, Space, Typography } from 'antd';
import { BookOutlined, CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { writeClipboard } from '../../lib/clipboard';
import { knowledgeApi } from './api';
import { KnowledgeTable } from './KnowledgeTable';

export function KnowledgeSettings() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Space direction="vertical">
      <Typography.Paragraph>{t('knowledge.intro')}</Typography.Paragraph>
      <Button data-testid="knowledge-open" type="primary" icon={<BookOutlined />} onClick={() => setOpen(true)}>{t('knowledge.open')}</Button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} width={1200} title={t('knowledge.title')} destroyOnHidden data-testid="knowledge-modal">
        <KnowledgeTable />
      </Modal>
    </Space>
  );
}

export function McpSettings() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const config = useQuery({ queryKey: ['mcp-config'], queryFn: knowledgeApi.mcpConfig });
  const copy = async () => {
    const text = config.data?.text ?? (await knowledgeApi.mcpConfig()).text;
    if (await writeClipboard(text)) message.success(t('mcp.copied'));
    else message.error(t('mcp.copyFailed'));
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph>{t('mcp.intro')}</Typography.Paragraph>
      {config.data && (
        <Typography.Text>
          {t('mcp.endpoint')}: <Typography.Text code data-testid="mcp-endpoint">{config.data.url}</Typography.Text>
        </Typography.Text>
      )}
      <Button data-testid="mcp-copy" icon={<CopyOutlined />} onClick={() => void copy()}>{t('mcp.copy')}</Button>
      {config.data?.needsApiKey && <Typography.Text type="secondary">{t('mcp.needsKey')}</Typography.Text>}
      {config.data && <pre data-testid="mcp-config" style={{ fontSize: 12, maxHeight: 260, overflow: 'auto', background: 'rgba(127,127,127,0.08)', padding: 8, borderRadius: 6 }}>{config.data.text}</pre>}
    </Space>
  );
}
