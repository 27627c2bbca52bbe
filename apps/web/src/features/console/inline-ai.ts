/**
 * The '/' inline AI box (spec 01 §2; issue 25 point 5): '/' typed on an empty line opens an input
 * under that line (40 px high) instead of inserting the character; Enter asks the AI for SQL about
 * the console's data source and writes the answer into the editor at that line, shown as a diff to
 * accept or reject (inline-ai-diff.ts) — the side chat is not involved. Escape closes the box (or
 * stops the answer) and gives the editor its focus back; an error stays in the box.
 */
import type * as Monaco from 'monaco-editor';
import { LIMITS } from '@askdb/contracts';
import { i18n } from '../../i18n';
import { streamAi, type AiStreamHandle } from '../../lib/sse';
import { sqlOfAnswer } from './inline-ai-answer.js';
import type { AiRequestContext } from './ai-bridge.js';
import { showInsertionDiff, type PendingDiff } from './inline-ai-diff.js';

export interface InlineAiOptions {
  placeholder: string;
  hint: string;
  context(): AiRequestContext;
}

export function attachInlineAi(monaco: typeof Monaco, editor: Monaco.editor.IStandaloneCodeEditor, o: InlineAiOptions): Monaco.IDisposable & { isOpen(): boolean } {
  let zoneId: string | null = null;
  let lineOfBox = 0;
  let asking: AiStreamHandle | null = null;
  let diff: PendingDiff | null = null;
  const tr = (key: string, params?: Record<string, unknown>) => i18n.t(`console.inlineAi.${key}`, params ?? {});

  const close = (refocus = true) => {
    asking?.abort();
    asking = null;
    if (zoneId === null) return;
    const id = zoneId;
    zoneId = null;
    editor.changeViewZones((a) => a.removeZone(id));
    if (refocus) editor.focus();
  };

  const ask = (question: string, input: HTMLInputElement, hint: HTMLElement) => {
    const ctx = o.context();
    const fail = (text: string) => {
      asking = null;
      input.disabled = false;
      hint.className = 'askdb-inline-ai-error';
      hint.dataset.testid = 'inline-ai-error';
      hint.textContent = text;
      hint.title = text;
      input.focus();
    };
    if (!ctx.dataSourceId) return fail(tr('noSource'));
    input.disabled = true;
    hint.className = 'askdb-inline-ai-hint';
    delete hint.dataset.testid;
    hint.textContent = tr('writing');
    const handle = streamAi({
      baseURL: window.location.origin,
      language: i18n.language,
      body: {
        questionType: 'NL_2_SQL', input: question, source: 'DATASOURCE_CONSOLE_CHAT',
        dataSourceId: ctx.dataSourceId, databaseName: ctx.databaseName ?? undefined, schemaName: ctx.schemaName ?? undefined,
      },
    });
    asking = handle;
    void handle.done.then((r) => {
      if (asking !== handle || r.stopped) return;
      if (r.error || r.info) return fail(r.error?.message ?? r.info!.errorMessage);
      const sql = sqlOfAnswer(r.content);
      if (!sql) return fail(tr('noSql', { answer: r.content.trim().slice(0, 200) }));
      asking = null;
      const line = lineOfBox;
      close(false);
      diff = showInsertionDiff(monaco, editor, line, sql, { accept: tr('accept'), reject: tr('reject'), hint: tr('diffHint') }, () => (diff = null));
      editor.focus();
    });
  };

  const open = (line: number) => {
    close(false);
    lineOfBox = line;
    const dom = document.createElement('div');
    dom.className = 'askdb-inline-ai';
    const layout = editor.getLayoutInfo();
    dom.style.width = `${Math.max(240, Math.min(760, layout.contentWidth - layout.verticalScrollbarWidth - 24))}px`;
    dom.dataset.testid = 'inline-ai';
    const input = document.createElement('input');
    input.type = 'text';
    input.placeholder = o.placeholder;
    input.className = 'askdb-inline-ai-input';
    input.setAttribute('aria-label', o.placeholder);
    input.dataset.testid = 'inline-ai-input';
    const hint = document.createElement('span');
    hint.className = 'askdb-inline-ai-hint';
    hint.textContent = o.hint;
    dom.append(input, hint);
    // Keep Monaco's own mouse and key handling away from the box.
    for (const ev of ['mousedown', 'pointerdown', 'click', 'dblclick', 'wheel'] as const) dom.addEventListener(ev, (e) => e.stopPropagation());
    input.addEventListener('keydown', (e) => {
      e.stopPropagation();
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
      } else if (e.key === 'Enter' && !e.isComposing) {
        e.preventDefault();
        const q = input.value.trim();
        if (q && !asking) ask(q, input, hint);
      }
    });
    for (const ev of ['keyup', 'keypress', 'input', 'paste', 'copy', 'cut'] as const) input.addEventListener(ev, (e) => e.stopPropagation());
    editor.changeViewZones((a) => {
      zoneId = a.addZone({ afterLineNumber: line, heightInPx: LIMITS.aiInputHeightPx, domNode: dom, suppressMouseDown: false });
    });
    // The zone's node is attached on the next layout.
    requestAnimationFrame(() => input.focus());
  };

  const onKey = editor.onKeyDown((e) => {
    if (e.browserEvent.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || diff?.isOpen()) return;
    const model = editor.getModel();
    const sel = editor.getSelection();
    if (!model || !sel || !sel.isEmpty()) return;
    if (model.getLineContent(sel.startLineNumber).trim() !== '') return;
    e.preventDefault();
    e.stopPropagation();
    open(sel.startLineNumber);
  });
  const onChange = editor.onDidChangeModel(() => close(false));

  return {
    isOpen: () => zoneId !== null,
    dispose() {
      close(false);
      diff?.accept();
      onKey.dispose();
      onChange.dispose();
    },
  };
}
