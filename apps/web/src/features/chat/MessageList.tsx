/** The conversation: questions, streamed answers with their thinking, errors and infos. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Collapse, Spin, Tag, Typography } from 'antd';
import { BulbOutlined, LoadingOutlined, TableOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useChat, type ChatError, type ChatMessage } from './chat-store.js';
import { Markdown } from './Markdown.js';
import { warningsFor } from './checks.js';
import { contextLabel } from './ContextCascader.js';
import { NotConfigured } from './NotConfigured.js';

export function errorText(t: TFunction, e: ChatError): string {
  const detail = e.detail ? `: ${e.detail}` : '';
  switch (e.kind) {
    case 'baseUrl':
      return t('chat.error.baseUrl');
    case 'badLine':
      return t('chat.error.badLine');
    case 'notSupport':
      return t('chat.error.notSupport');
    case 'fetchFailed':
      return t('chat.error.fetchFailed', { status: e.status ?? '' }) + detail;
    case 'emptyBody':
      return t('chat.error.emptyBody');
    case 'network':
      return t('chat.error.network', { reason: e.message });
    case 'server':
      return e.message;
  }
}

const NOT_CONFIGURED = new Set(['AI_NOT_CONFIGURED']);

/** An AI_* failure from the server reads "AI service is abnormal"; the provider's own text stays as the detail. */
function ChatErrorAlert({ error }: { error: ChatError }) {
  const { t } = useTranslation();
  const abnormal = error.kind === 'server' && !!error.errorCode?.startsWith('AI_');
  const code = error.errorCode ? <Tag>{error.errorCode}</Tag> : null;
  const description = abnormal ? (
    <span data-testid="chat-error-detail">
      {error.message}
      {error.detail ? ` (${error.detail})` : ''} {code}
    </span>
  ) : (
    code ?? undefined
  );
  return (
    <Alert
      type="error"
      showIcon
      data-testid="chat-error"
      title={<span data-testid="chat-error-message">{abnormal ? t('chat.error.aiAbnormal') : errorText(t, error)}</span>}
      description={description}
    />
  );
}

function Thinking({ text, active }: { text: string; active: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string[] | null>(null);
  const keys = open ?? (active ? ['t'] : []);
  return (
    <Collapse
      size="small"
      ghost
      className="askdb-chat-thinking"
      data-testid="chat-thinking"
      activeKey={keys}
      onChange={(k) => setOpen(k as string[])}
      items={[
        {
          key: 't',
          label: (
            <span>
              {active ? <LoadingOutlined /> : <BulbOutlined />} {active ? t('chat.thinking') : t('chat.thought')}
            </span>
          ),
          children: <div className="askdb-chat-thinking-text">{text}</div>,
        },
      ]}
    />
  );
}

function Answer({ m }: { m: ChatMessage }) {
  const { t } = useTranslation();
  const streaming = m.state === 'loading' || m.state === 'thinking';
  const warnings = useMemo(() => warningsFor(m.events, t), [m.events, t]);
  const databaseType = useChat((s) => s.context.databaseType);
  return (
    <div className="askdb-chat-msg askdb-chat-msg-ai" data-testid="chat-answer" data-state={m.state}>
      {m.thinking && <Thinking text={m.thinking} active={m.state === 'thinking'} />}
      {m.content && (
        <div data-testid="chat-answer-text">
          <Markdown text={m.content} streaming={streaming} databaseType={databaseType} warningsFor={warnings} />
        </div>
      )}
      {streaming && !m.content && !m.thinking && (
        <div className="askdb-chat-waiting" data-testid="chat-waiting">
          <Spin size="small" /> {t('chat.waiting')}
        </div>
      )}
      {m.stopped && (
        <Typography.Text type="secondary" className="askdb-chat-stopped" data-testid="chat-stopped">
          {t('chat.stopped')}
        </Typography.Text>
      )}
      {m.info && <Alert type="info" showIcon message={t('chat.usageLimit')} description={m.info !== 'AI usage limit' ? m.info : undefined} data-testid="chat-info" />}
      {m.error &&
        (m.error.errorCode && NOT_CONFIGURED.has(m.error.errorCode) ? (
          <NotConfigured compact detail={m.error.message} />
        ) : (
          <ChatErrorAlert error={m.error} />
        ))}
    </div>
  );
}

function Question({ m }: { m: ChatMessage }) {
  const { t } = useTranslation();
  const ctx = m.context ? contextLabel(m.context) : '';
  return (
    <div className="askdb-chat-msg askdb-chat-msg-user" data-testid="chat-question">
      <div className="askdb-chat-bubble">{m.content}</div>
      {(ctx || (m.tables && m.tables.length > 0) || (m.questionType && m.questionType !== 'NL_2_SQL')) && (
        <div className="askdb-chat-question-meta">
          {m.questionType && m.questionType !== 'NL_2_SQL' && <Tag>{t(`chat.questionType.${m.questionType}`, { defaultValue: m.questionType })}</Tag>}
          {ctx && <span>{ctx}</span>}
          {m.tables?.map((x) => (
            <Tag key={x.tableName} icon={<TableOutlined />}>
              {x.tableName}
            </Tag>
          ))}
        </div>
      )}
    </div>
  );
}

export function MessageList() {
  const messages = useChat((s) => s.messages);
  const ref = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  useEffect(() => {
    const el = ref.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages]);
  return (
    <div
      className="askdb-chat-messages"
      data-testid="chat-messages"
      ref={ref}
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
    >
      {messages.map((m) => (m.role === 'user' ? <Question key={m.id} m={m} /> : <Answer key={m.id} m={m} />))}
    </div>
  );
}
