/**
 * The chat input (spec 01 §2, §5): context cascader on top, a 1–5 row text area with the @table
 * mention popup, the model selector and send / stop at the bottom. Enter sends, Shift+Enter
 * breaks the line; sending is blocked while a reply streams or when the text is empty.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { App, Button, Input, Select, Spin, Tag, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { ArrowUpOutlined, BorderOutlined, TableOutlined, EyeOutlined, LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { LIMITS } from '@askdb/contracts';
import { GLOBAL_SHORTCUTS, displayShortcut } from '../../lib/shortcuts.js';
import { isBusy, useChat } from './chat-store.js';
import { useAiConfig } from './ai-config-store.js';
import { ContextCascader } from './ContextCascader.js';
import { useFollowedConsole } from './follow-console.js';
import { addMention, hasMention, insertMention, mentionAt, pruneMentions, type MentionedTable } from './mentions.js';
import { useMentionSearch } from './useMentionSearch.js';

/** The last focus request served: a panel mounting later does not steal focus for an old one. */
let handledFocus = 0;

export function ChatInput() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { draft, tables, status, context, model, focusNonce, setDraft, setModel, send, stop } = useChat(
    useShallow((s) => ({ draft: s.draft, tables: s.tables, status: s.status, context: s.context, model: s.model, focusNonce: s.focusNonce, setDraft: s.setDraft, setModel: s.setModel, send: s.send, stop: s.stop })),
  );
  const models = useAiConfig((s) => s.models);
  const ref = useRef<TextAreaRef>(null);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const search = useMentionSearch(mention ? mention.query : null, context);
  const busy = isBusy(status);
  const canSend = !busy && draft.trim() !== '';

  useEffect(() => {
    if (focusNonce > handledFocus) {
      handledFocus = focusNonce;
      ref.current?.focus();
    }
  }, [focusNonce]);
  useEffect(() => setActive(0), [mention?.query, search.items]);
  // The default model when none is chosen or the chosen one is gone.
  useEffect(() => {
    if (models.length === 0) return;
    if (!model || !models.some((m) => m.modelName === model)) setModel((models.find((m) => m.isDefault) ?? models[0])!.modelName);
  }, [models, model, setModel]);

  const textarea = () => ref.current?.resizableTextArea?.textArea;
  const updateMention = (text: string, caret: number) => {
    const m = mentionAt(text, caret);
    setMention(m && m.start !== dismissed ? m : null);
    if (!m) setDismissed(null);
  };
  const close = () => {
    if (mention) setDismissed(mention.start);
    setMention(null);
  };

  const choose = (item: MentionedTable) => {
    if (!mention) return;
    const el = textarea();
    const caret = el?.selectionStart ?? draft.length;
    const next = addMention(tables, item);
    if (!next) {
      message.warning(t('chat.maxTables'));
      close();
      return;
    }
    const r = insertMention(draft, mention.start, caret, item.tableName);
    setDraft(r.text, next);
    setMention(null);
    requestAnimationFrame(() => {
      const ta = textarea();
      ta?.focus();
      ta?.setSelectionRange(r.caret, r.caret);
    });
  };

  const removeTable = (name: string) => {
    const text = draft.replace(new RegExp(`(^|\\s)@${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|\\s)`, 'g'), '$1').replace(/ {2,}/g, ' ');
    setDraft(text, tables.filter((x) => x.tableName !== name));
  };

  const doSend = () => {
    if (!canSend) return;
    setMention(null);
    send({ input: draft, tables: tables.filter((x) => hasMention(draft, x.tableName)) });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    const open = mention !== null;
    if (open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (search.items.length > 0) {
          e.preventDefault();
          const n = search.items.length;
          setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
        }
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        close();
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        const item = search.items[active];
        if (item && !search.loading) choose(item);
        else close();
        return;
      }
      if (e.key === ' ') {
        close();
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.altKey) {
      e.preventDefault();
      doSend();
    }
  };

  const followed = useFollowedConsole();
  const placeholder = t('chat.input.placeholder', { shortcut: displayShortcut(GLOBAL_SHORTCUTS.ai) });
  return (
    <div className="askdb-chat-input" data-testid="chat-input-box">
      <div className="askdb-chat-input-top">
        <ContextCascader />
        {followed && (
          <span className="askdb-chat-follows" data-testid="chat-context-follows" title={t('chat.context.follows', { title: followed.title })}>
            <LinkOutlined /> {t('chat.context.follows', { title: followed.title })}
          </span>
        )}
      </div>
      {tables.length > 0 && (
        <div className="askdb-chat-input-tables" data-testid="chat-mentioned-tables">
          {tables.map((x) => (
            <Tag key={x.tableName} closable onClose={() => removeTable(x.tableName)} icon={x.tableType === 'VIEW' ? <EyeOutlined /> : <TableOutlined />} data-testid="chat-mentioned-table">
              {x.tableName}
            </Tag>
          ))}
        </div>
      )}
      <div className="askdb-chat-input-area">
        {mention && (
          <div className="askdb-chat-mention-popup" role="listbox" data-testid="chat-mention-popup">
            {search.loading && search.items.length === 0 ? (
              <div className="askdb-chat-mention-empty"><Spin size="small" /> {t('chat.mention.searching')}</div>
            ) : search.items.length === 0 ? (
              <div className="askdb-chat-mention-empty">{context.dataSourceId == null && context.collectionId == null ? t('chat.mention.noContext') : t('chat.mention.none')}</div>
            ) : (
              search.items.map((item, i) => (
                <div
                  key={item.tableName}
                  role="option"
                  aria-selected={i === active}
                  className={`askdb-chat-mention-option${i === active ? ' active' : ''}`}
                  data-testid="chat-mention-option"
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(item);
                  }}
                  onMouseEnter={() => setActive(i)}
                >
                  {item.tableType === 'VIEW' ? <EyeOutlined /> : <TableOutlined />}
                  <span className="askdb-chat-mention-name">{item.tableName}</span>
                </div>
              ))
            )}
          </div>
        )}
        <Input.TextArea
          ref={ref}
          data-testid="chat-input"
          variant="borderless"
          value={draft}
          placeholder={placeholder}
          aria-label={placeholder}
          autoSize={{ minRows: LIMITS.chatInputMinRows, maxRows: LIMITS.chatInputMaxRows }}
          onChange={(e) => {
            const text = e.target.value;
            setDraft(text, pruneMentions(text, tables));
            updateMention(text, e.target.selectionStart ?? text.length);
          }}
          onSelect={(e) => {
            const el = e.currentTarget;
            if (el.selectionStart === el.selectionEnd) updateMention(el.value, el.selectionStart);
          }}
          onBlur={() => setMention(null)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="askdb-chat-input-bottom">
        <Select
          data-testid="chat-model"
          size="small"
          variant="borderless"
          popupMatchSelectWidth={false}
          style={{ maxWidth: '60%' }}
          value={model}
          onChange={setModel}
          placeholder={t('chat.model.placeholder')}
          options={models.map((m) => ({ value: m.modelName, label: m.displayName || m.modelName }))}
          notFoundContent={t('chat.model.none')}
        />
        {busy ? (
          <Tooltip title={t('chat.stop')}>
            <Button key="stop" type="primary" danger shape="circle" size="small" icon={<BorderOutlined />} onClick={stop} data-testid="chat-stop" aria-label={t('chat.stop')} />
          </Tooltip>
        ) : (
          <Tooltip title={t('chat.send')}>
            <Button key="send" type="primary" shape="circle" size="small" icon={<ArrowUpOutlined />} onClick={doSend} disabled={!canSend} data-testid="chat-send" aria-label={t('chat.send')} />
          </Tooltip>
        )}
      </div>
    </div>
  );
}
