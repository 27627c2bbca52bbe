/** One answer in parts by step: understanding, SQL, result table (cells as text), chart, summary; a failed part says why with a retry; feedback. */
import { useState } from 'react';
import { App, Button, Input, Space, Table, Tag, Tooltip } from 'antd';
import { DislikeOutlined, EditOutlined, LikeOutlined, LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnswerPart, ChatAnswer } from '@askdb/contracts';
import { chatApi } from './api';
import { AnswerChart } from './AnswerChart';
import { useErrorToast } from '../../../app/use-error-toast';

const STATUS_COLOR: Record<string, string> = { SUCCESS: 'green', FAIL: 'red', SKIPPED: 'default', LOADING: 'blue', WAITING: 'default' };

function ResultTable({ part }: { part: AnswerPart }) {
  const { t } = useTranslation();
  const headers = part.headerList ?? [];
  const rows = (part.dataList ?? []).map((r, i) => ({ key: i, r }));
  return (
    <>
      <Table size="small" pagination={false} scroll={{ x: true, y: 280 }} dataSource={rows} data-testid="answer-result"
        columns={headers.map((h, i) => ({ title: h, key: String(i), render: (_: unknown, row: { r: (string | null)[] }) => row.r[i] ?? '' }))} />
      {part.hasMore && <div className="askdb-named-note">{t('chatv2.rowsMore', { n: rows.length })}</div>}
    </>
  );
}

function PartBody({ part, answer }: { part: AnswerPart; answer: ChatAnswer }) {
  if (part.status === 'FAIL' || part.status === 'SKIPPED') return part.error ? <div className={part.status === 'FAIL' ? 'askdb-named-error' : 'askdb-named-note'}>{part.error}</div> : null;
  if (part.status !== 'SUCCESS') return null;
  switch (part.partType) {
    case 'SQL': return <pre className="askdb-chat-code" data-testid="answer-sql">{part.content}</pre>;
    case 'RESULT': return <ResultTable part={part} />;
    case 'CHART': {
      const result = answer.parts[2];
      return part.chart && result ? <AnswerChart chart={part.chart} headers={result.headerList ?? []} rows={result.dataList ?? []} /> : null;
    }
    default: return <div className="askdb-named-text">{part.content}</div>;
  }
}

export function AnswerView(props: { answer: ChatAnswer; canEdit: boolean; onRetry: (answerId: number, step: number, base?: ChatAnswer) => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const showError = useErrorToast();
  const [feedback, setFeedback] = useState(props.answer.feedback);
  const a = props.answer;
  const editSql = async () => {
    let sql = a.parts[1]?.content ?? '';
    const ok = await modal.confirm({
      title: t('chatv2.editSql'), width: 640, okText: t('chatv2.runSql'), cancelText: t('chatv2.cancel'),
      content: <Input.TextArea defaultValue={sql} autoSize={{ minRows: 3, maxRows: 12 }} className="askdb-chat-code" data-testid="answer-sql-edit" onChange={(e) => (sql = e.target.value)} />,
    });
    if (!ok) return;
    try {
      await chatApi.updateSql(a.id, sql);
      props.onRetry(a.id, 2, { ...a, parts: a.parts.map((p) => (p.step === 1 ? { ...p, content: sql.trim().replace(/;\s*$/, '') } : p.step > 1 ? { step: p.step, partType: p.partType, status: 'WAITING' } : p)) });
    } catch (e) {
      void showError(e);
    }
  };
  const give = async (helpful: boolean) => {
    let reason = '';
    if (!helpful) {
      const ok = await modal.confirm({ title: t('chatv2.reason'), content: <Input.TextArea maxLength={1000} data-testid="feedback-reason" onChange={(e) => (reason = e.target.value)} />, okText: t('chatv2.save'), cancelText: t('chatv2.cancel') });
      if (!ok) return;
    }
    await chatApi.feedback(a.id, helpful, reason || undefined);
    setFeedback({ helpful, reason: reason || null });
    void message.success(t('chatv2.thanks'));
  };
  return (
    <div className="askdb-named-answer" data-testid={`answer-${a.id}`}>
      <div className="askdb-chat-msg-user"><div className="askdb-chat-bubble">{a.magic ? `/${a.magic} ` : ''}{a.question}</div></div>
      {a.parts.map((p) => (
        <div key={p.step} className="askdb-named-part" data-testid={`part-${p.partType}`} data-status={p.status}>
          <div className="askdb-named-part-head">
            <strong>{t(`chatv2.part.${p.partType}`)}</strong>
            <Tag color={STATUS_COLOR[p.status]} icon={p.status === 'LOADING' ? <LoadingOutlined /> : undefined}>{t(`chatv2.status.${p.status}`)}</Tag>
            {p.partType === 'SQL' && p.status === 'SUCCESS' && props.canEdit && (
              <Button size="small" type="text" icon={<EditOutlined />} onClick={() => void editSql()} aria-label={t('chatv2.editSql')} data-testid="part-edit-sql" />
            )}
            {p.status === 'FAIL' && props.canEdit && (
              <Button size="small" icon={<ReloadOutlined />} onClick={() => props.onRetry(a.id, p.step)} data-testid="part-retry">{t('chatv2.retry')}</Button>
            )}
          </div>
          <PartBody part={p} answer={a} />
        </div>
      ))}
      <Space className="askdb-named-feedback">
        <Tooltip title={t('chatv2.helpful')}><Button size="small" type={feedback?.helpful === true ? 'primary' : 'text'} icon={<LikeOutlined />} onClick={() => void give(true)} aria-label={t('chatv2.helpful')} /></Tooltip>
        <Tooltip title={feedback?.reason || t('chatv2.notHelpful')}><Button size="small" type={feedback?.helpful === false ? 'primary' : 'text'} icon={<DislikeOutlined />} onClick={() => void give(false)} aria-label={t('chatv2.notHelpful')} /></Tooltip>
      </Space>
    </div>
  );
}
