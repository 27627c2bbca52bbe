/** Filters and batch actions above the knowledge table; every action goes through `guard` (save the edited row first). */
import { useRef } from 'react';
import { Alert, App, Button, Input, Select, Space } from 'antd';
import { DeleteOutlined, DownloadOutlined, FileExcelOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { KNOWLEDGE_KINDS, type KnowledgeKind } from '@askdb/contracts';
import { importErrorsOf, knowledgeApi, type KnowledgeFilter } from './api';
import { useErrorToast } from '../../app/use-error-toast';

interface Props {
  canWrite: boolean;
  filter: KnowledgeFilter;
  sourceOptions: { value: number; label: string }[];
  selected: number[];
  guard(run: () => void): () => void;
  onFilter(f: KnowledgeFilter): void;
  onAdd(): void;
  onDeleteSelected(): void;
  onImported(): void;
}

export function KnowledgeToolbar({ canWrite, filter, sourceOptions, selected, guard, onFilter, onAdd, onDeleteSelected, onImported }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const showError = useErrorToast();
  const fileInput = useRef<HTMLInputElement>(null);

  const run = (p: Promise<unknown>) => p.catch((e: Error) => showError(e));
  const importFile = async (file: File) => {
    try {
      const created = await knowledgeApi.importFile(file);
      message.success(t('knowledge.imported', { count: created }));
      onImported();
    } catch (e) {
      const errors = importErrorsOf(e);
      if (!errors.length) {
        showError(e);
        return;
      }
      modal.error({
        title: (e as Error).message,
        width: 640,
        content: (
          <div data-testid="knowledge-import-errors">
            <p>{t('knowledge.importErrors')}</p>
            <ul style={{ maxHeight: 320, overflow: 'auto', paddingLeft: 18 }}>
              {errors.map((x, i) => <li key={i}>{t('knowledge.rowError', { row: x.row, message: x.message })}</li>)}
            </ul>
          </div>
        ),
      });
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
      {!canWrite && <Alert type="info" showIcon message={t('knowledge.readOnly')} data-testid="knowledge-read-only" />}
      <Space wrap>
        <Select<KnowledgeKind | 'ALL'>
          data-testid="knowledge-kind-filter"
          style={{ width: 170 }}
          value={filter.kind ?? 'ALL'}
          onChange={(k) => guard(() => onFilter({ ...filter, kind: k === 'ALL' ? undefined : k }))()}
          options={(['ALL', ...KNOWLEDGE_KINDS] as const).map((k) => ({ value: k, label: t(`knowledge.kind.${k}`) }))}
        />
        <Select<number>
          data-testid="knowledge-source-filter"
          style={{ width: 180 }}
          allowClear
          placeholder={t('knowledge.allSources')}
          value={filter.dataSourceId}
          onChange={(v) => guard(() => onFilter({ ...filter, dataSourceId: v || undefined }))()}
          options={sourceOptions.filter((o) => o.value !== 0)}
        />
        <Input.Search data-testid="knowledge-search" allowClear style={{ width: 220 }} placeholder={t('knowledge.search')} onSearch={(v) => guard(() => onFilter({ ...filter, searchKey: v || undefined }))()} />
        {canWrite && <Button data-testid="knowledge-add" type="primary" icon={<PlusOutlined />} onClick={guard(onAdd)}>{t('knowledge.add')}</Button>}
        {canWrite && <Button data-testid="knowledge-import" icon={<UploadOutlined />} onClick={guard(() => fileInput.current?.click())}>{t('knowledge.import')}</Button>}
        <Button data-testid="knowledge-export" icon={<DownloadOutlined />} onClick={guard(() => void run(knowledgeApi.exportItems(filter, selected)))}>{t('knowledge.export')}</Button>
        <Button data-testid="knowledge-template" icon={<FileExcelOutlined />} onClick={guard(() => void run(knowledgeApi.template()))}>{t('knowledge.template')}</Button>
        {canWrite && <Button data-testid="knowledge-batch-delete" danger icon={<DeleteOutlined />} onClick={guard(onDeleteSelected)}>{t('knowledge.batchDelete')}</Button>}
        <input
          ref={fileInput}
          data-testid="knowledge-import-file"
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          style={{ display: 'none' }}
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void importFile(f);
          }}
        />
      </Space>
    </Space>
  );
}
