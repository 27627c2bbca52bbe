/** A larger editor for long text and JSON values: JSON is checked and can be formatted before it is kept. */
import { useState } from 'react';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Cell } from './dml';

export function TextEditorModal({ title, value, json, onOk, onCancel }: { title: string; value: Cell | undefined; json: boolean; onOk(v: Cell): void; onCancel(): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  const [error, setError] = useState<string | null>(null);
  const check = (s: string): boolean => {
    if (!json) return true;
    try {
      JSON.parse(s);
      setError(null);
      return true;
    } catch (e) {
      setError((e as Error).message);
      return false;
    }
  };
  return (
    <Modal
      open
      title={title}
      width={720}
      onCancel={onCancel}
      footer={
        <Space>
          {json && (
            <Button onClick={() => check(text) && setText(JSON.stringify(JSON.parse(text), null, 2))} data-testid="json-format">
              {t('tableData.json.format')}
            </Button>
          )}
          <Button onClick={() => onOk(null)}>{t('tableData.setNull')}</Button>
          <Button onClick={onCancel}>{t('tableData.cancel')}</Button>
          <Button type="primary" onClick={() => (!json || check(text)) && onOk(text)} data-testid="text-editor-ok">
            {t('tableData.ok')}
          </Button>
        </Space>
      }
    >
      <Input.TextArea
        autoFocus
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (error) check(e.target.value);
        }}
        rows={14}
        style={{ fontFamily: "'JetBrains Mono', Menlo, Consolas, monospace", fontSize: 12.5 }}
        data-testid="text-editor"
      />
      {error && <Alert type="error" showIcon title={t('tableData.json.invalid', { message: error })} style={{ marginTop: 8 }} data-testid="json-error" />}
    </Modal>
  );
}
