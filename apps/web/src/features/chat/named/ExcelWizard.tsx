/** The Excel header wizard: one file uploaded, its first rows shown, where the header is (rows or columns, from..to), all sheets or one. */
import { useState } from 'react';
import { Alert, Checkbox, InputNumber, Radio, Select, Space, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ExcelHeader, ExcelUploadPreview } from '@askdb/contracts';
import { uploadFile } from './api';

export interface WizardValue { uploadId: string; header: ExcelHeader }

export function ExcelWizard(props: { onChange: (v: WizardValue | undefined) => void }) {
  const { t, i18n } = useTranslation();
  const [preview, setPreview] = useState<ExcelUploadPreview>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [header, setHeader] = useState<ExcelHeader>({ orientation: 'HORIZONTAL', from: 1, to: 1, applyToAllSheets: true, sheet: 0 });
  const change = (h: Partial<ExcelHeader>, p = preview) => {
    const next = { ...header, ...h };
    if (next.to < next.from) next.to = next.from;
    setHeader(next);
    props.onChange(p ? { uploadId: p.uploadId, header: next } : undefined);
  };
  const choose = async (file: File) => {
    setBusy(true);
    setError(undefined);
    try {
      const p = await uploadFile(file, i18n.language);
      setPreview(p);
      change({ sheet: 0 }, p);
    } catch (e) {
      setPreview(undefined);
      props.onChange(undefined);
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const sheet = preview?.sheets[header.sheet];
  const isHeader = (r: number, c: number) => (header.orientation === 'HORIZONTAL' ? r + 1 : c + 1) >= header.from && (header.orientation === 'HORIZONTAL' ? r + 1 : c + 1) <= header.to;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="excel-wizard">
      <Upload.Dragger accept=".xlsx,.xls,.csv" maxCount={1} multiple={false} showUploadList={false} disabled={busy}
        beforeUpload={(f) => { void choose(f); return false; }}>
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p>{preview ? preview.fileName : t('chatv2.upload')}</p>
        <p className="ant-upload-hint">{t('chatv2.uploadHint')}</p>
      </Upload.Dragger>
      {error && <Alert type="error" showIcon message={error} data-testid="excel-wizard-error" />}
      {preview && (
        <>
          <Space wrap>
            <span>{t('chatv2.orientation')}</span>
            <Radio.Group value={header.orientation} onChange={(e) => change({ orientation: e.target.value })}
              options={[{ value: 'HORIZONTAL', label: t('chatv2.HORIZONTAL') }, { value: 'VERTICAL', label: t('chatv2.VERTICAL') }]} />
          </Space>
          <Space wrap>
            <span>{t('chatv2.headerFrom')}</span>
            <InputNumber min={1} max={1000} value={header.from} onChange={(v) => change({ from: v ?? 1 })} data-testid="excel-header-from" />
            <span>{t('chatv2.headerTo')}</span>
            <InputNumber min={header.from} max={header.from + 19} value={header.to} onChange={(v) => change({ to: v ?? header.from })} data-testid="excel-header-to" />
            <Checkbox checked={header.applyToAllSheets} onChange={(e) => change({ applyToAllSheets: e.target.checked })}>{t('chatv2.allSheets')}</Checkbox>
            {preview.sheets.length > 1 && (
              <Select size="small" style={{ width: 160 }} value={header.sheet} onChange={(s: number) => change({ sheet: s })}
                options={preview.sheets.map((s, i) => ({ value: i, label: `${t('chatv2.sheet')}: ${s.name}` }))} />
            )}
          </Space>
          <div className="askdb-named-preview">
            <div className="askdb-named-preview-title">{t('chatv2.preview')}</div>
            <table data-testid="excel-preview">
              <tbody>
                {(sheet?.rows ?? []).map((row, r) => (
                  <tr key={r}>
                    <th>{r + 1}</th>
                    {row.map((cell, c) => <td key={c} className={isHeader(r, c) ? 'askdb-named-preview-header' : undefined}>{cell ?? ''}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Space>
  );
}
