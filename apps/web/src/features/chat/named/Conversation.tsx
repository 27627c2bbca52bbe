/** One named chat: its dataset or file, the answers (5 a page, earlier ones on demand), the input with slash magic, streaming parts. */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Input, Space, Tag, Typography } from 'antd';
import { ShareAltOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ANSWER_PART_TYPES, type AnswerPart, type ChatAnswer } from '@askdb/contracts';
import { chatApi, slashMagic, streamAnswer } from './api';
import { AnswerView } from './AnswerParts';
import { ShareDialog } from './ShareDialog';
import { CHAT_LIST_KEY } from './ChatList';
import { isSqlQuestion, useAiReady } from './ai-ready';
import { useErrorToast } from '../../../app/use-error-toast';

const fresh = (): AnswerPart[] => ANSWER_PART_TYPES.map((partType, step) => ({ step, partType, status: 'WAITING' }));

export function Conversation({ chatId }: { chatId: number }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const qc = useQueryClient();
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [live, setLive] = useState<Record<number, ChatAnswer>>({});
  const q = useInfiniteQuery({
    queryKey: ['named-chat', chatId],
    queryFn: ({ pageParam }) => chatApi.get(chatId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.chatDetails.hasNextPage ? last.chatDetails.pageNo + 1 : undefined),
  });
  const chat = q.data?.pages[0];
  const answers = useMemo(() => {
    const stored = (q.data?.pages.flatMap((p) => p.chatDetails.data) ?? []).slice().reverse();
    const ids = new Set(stored.map((a) => a.id));
    const merged = stored.map((a) => live[a.id] ?? a);
    return [...merged, ...Object.values(live).filter((a) => !ids.has(a.id)).sort((x, y) => x.id - y.id)];
  }, [q.data, live]);
  const canEdit = chat?.access !== 'VIEW';
  const aiReady = useAiReady();

  const run = async (path: '/api/ai/chat/ask' | '/api/ai/chat/answer/retry', body: object, base: ChatAnswer): Promise<ChatAnswer> => {
    setBusy(true);
    let current = base;
    const put = () => setLive((l) => ({ ...l, [current.id]: current }));
    try {
      await streamAnswer(path, body, i18n.language, {
        onAnswer: (id) => { current = { ...current, id }; put(); },
        onPart: (id, part) => { current = { ...current, id, parts: current.parts.map((p) => (p.step === part.step ? part : p)) }; put(); },
        onError: (m) => void message.error(m),
      });
    } catch (e) {
      void showError(e);
    } finally {
      setBusy(false);
    }
    return current;
  };
  const send = async () => {
    const { magic, question } = slashMagic(input);
    if (!question || busy) return;
    setInput('');
    // No model: a question that is SQL runs as the answer's SQL (the uploaded tables stay queryable).
    const sqlOnly = aiReady === false && isSqlQuestion(question);
    const asked = await run('/api/ai/chat/ask', { chatId, question, magic: sqlOnly ? 'query_table' : magic }, { id: -Date.now(), question, magic: magic ?? null, askedBy: 0, createdAt: '', parts: fresh(), feedback: null });
    if (!sqlOnly || asked.id <= 0) return;
    try {
      await chatApi.updateSql(asked.id, question);
      retry(asked.id, 2, { ...asked, parts: asked.parts.map((p) => (p.step === 1 ? { ...p, status: 'SUCCESS', error: undefined, content: question.trim().replace(/;\s*$/, '') } : p.step > 1 ? { step: p.step, partType: p.partType, status: 'WAITING' } : p)) });
    } catch (e) {
      void showError(e);
    }
  };
  const retry = (answerId: number, step: number, base?: ChatAnswer) => {
    const a = base ?? answers.find((x) => x.id === answerId);
    if (a) void run('/api/ai/chat/answer/retry', { answerId, step }, a);
  };

  if (q.error) return <Alert type="error" showIcon message={(q.error as Error).message} data-testid="named-chat-error" />;
  if (!chat) return null;
  const excel = chat.excel;
  return (
    <div className="askdb-named-conv" data-testid="named-conversation">
      <div className="askdb-named-head">
        <Space wrap>
          <Typography.Title level={5} style={{ margin: 0 }}>{chat.name}</Typography.Title>
          <Tag>{t(`chatv2.source.${chat.sourceType}`)}</Tag>
          {excel && <Tag color={excel.status === 'READY' ? 'green' : excel.status === 'FAIL' ? 'red' : 'blue'}>{excel.fileName}: {excel.tables.map((x) => `${x.name} (${x.rows})`).join(', ') || excel.status}</Tag>}
          {chat.access === 'VIEW' && <Tag color="blue">{t('chatv2.viewOnly')}</Tag>}
        </Space>
        {chat.access === 'OWNER' && <Button size="small" icon={<ShareAltOutlined />} onClick={() => setSharing(true)} data-testid="named-chat-share">{t('chatv2.share')}</Button>}
      </div>
      {chat.description && <div className="askdb-named-note">{chat.description}</div>}
      {excel?.status === 'FAIL' && <Alert type="error" showIcon message={excel.error} />}
      {aiReady === false && canEdit && (
        <Alert type="warning" showIcon message={t('chatv2.noModel')} description={excel?.tables.length ? t('chatv2.noModelTables', { tables: excel.tables.map((x) => x.name).join(', ') }) : undefined} data-testid="named-chat-no-model" />
      )}
      <div className="askdb-named-answers">
        {q.hasNextPage && <Button size="small" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>{t('chatv2.earlier')}</Button>}
        {answers.map((a) => <AnswerView key={a.id} answer={a} canEdit={canEdit && !busy} onRetry={retry} />)}
      </div>
      {canEdit && (
        <div className="askdb-named-input">
          <Input.TextArea value={input} onChange={(e) => setInput(e.target.value)} autoSize={{ minRows: 1, maxRows: 5 }} placeholder={t('chatv2.ask')} data-testid="named-chat-input"
            onKeyDown={(e) => { if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) { e.preventDefault(); void send(); } }} />
          <Button type="primary" onClick={() => void send()} loading={busy} disabled={!input.trim()} data-testid="named-chat-send">{t('chatv2.send')}</Button>
        </div>
      )}
      {sharing && <ShareDialog chat={chat} open={sharing} onClose={() => setSharing(false)} onShared={() => { void qc.invalidateQueries({ queryKey: ['named-chat', chatId] }); void qc.invalidateQueries({ queryKey: CHAT_LIST_KEY }); }} />}
    </div>
  );
}
