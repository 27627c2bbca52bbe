/**
 * The '/' inline AI box (spec 01 §2): '/' typed on an empty line opens an input under that line
 * (40 px high) instead of inserting the character; Enter sends the question to the AI assistant
 * (window event `askdb:ai`, NL_2_SQL), Escape closes it and gives the editor its focus back.
 */
import type * as Monaco from 'monaco-editor';
import { LIMITS } from '@askdb/contracts';
import { requestAi, type AiRequestContext } from './ai-bridge.js';

export interface InlineAiOptions {
  placeholder: string;
  hint: string;
  context(): AiRequestContext;
}

export function attachInlineAi(monaco: typeof Monaco, editor: Monaco.editor.IStandaloneCodeEditor, o: InlineAiOptions): Monaco.IDisposable & { isOpen(): boolean } {
  let zoneId: string | null = null;
  let lineOfBox = 0;

  const close = (refocus = true) => {
    if (zoneId === null) return;
    const id = zoneId;
    zoneId = null;
    editor.changeViewZones((a) => a.removeZone(id));
    if (refocus) editor.focus();
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
        if (!q) return;
        requestAi({ questionType: 'NL_2_SQL', input: q, context: { ...o.context(), sql: editor.getValue() } });
        close();
        editor.setPosition({ lineNumber: lineOfBox, column: 1 });
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
    if (e.browserEvent.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
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
      onKey.dispose();
      onChange.dispose();
    },
  };
}
