/**
 * The inline AI's answer as a diff in the editor (issue 25 point 5; spec 01 §2): the SQL is written
 * at the line where '/' was typed, marked as added (green lines), with Accept and Reject under it.
 * Accept keeps the text and drops the marks; Reject removes exactly the inserted lines (wherever
 * later edits moved them: the decoration tracks them). Escape rejects, Alt+Enter accepts.
 */
import type * as Monaco from 'monaco-editor';

export interface DiffLabels {
  accept: string;
  reject: string;
  hint: string;
}

export interface PendingDiff {
  accept(): void;
  reject(): void;
  isOpen(): boolean;
}

export function showInsertionDiff(monaco: typeof Monaco, editor: Monaco.editor.IStandaloneCodeEditor, line: number, sql: string, labels: DiffLabels, onClosed: () => void): PendingDiff {
  const model = editor.getModel()!;
  const at = Math.min(line, model.getLineCount());
  const text = sql.replace(/\s+$/, '');
  editor.pushUndoStop();
  // The box opens only on an empty (or blank) line: the diff is a pure insertion replacing it.
  editor.executeEdits('inline-ai', [{ range: new monaco.Range(at, 1, at, model.getLineMaxColumn(at)), text, forceMoveMarkers: true }]);
  editor.pushUndoStop();
  const last = at + text.split('\n').length - 1;
  const marks = editor.createDecorationsCollection([
    {
      range: new monaco.Range(at, 1, last, model.getLineMaxColumn(last)),
      options: { isWholeLine: true, className: 'askdb-inline-ai-added', linesDecorationsClassName: 'askdb-inline-ai-added-gutter', stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges },
    },
  ]);
  let zoneId: string | null = null;
  let open = true;

  const bar = document.createElement('div');
  bar.className = 'askdb-inline-ai-bar';
  bar.dataset.testid = 'inline-ai-diff';
  const button = (label: string, cls: string, testId: string, run: () => void) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `askdb-inline-ai-btn ${cls}`;
    b.textContent = label;
    b.dataset.testid = testId;
    b.addEventListener('click', (e) => {
      e.stopPropagation();
      run();
    });
    return b;
  };
  const hint = document.createElement('span');
  hint.className = 'askdb-inline-ai-hint';
  hint.textContent = labels.hint;
  bar.append(button(labels.accept, 'accept', 'inline-ai-accept', () => accept()), button(labels.reject, 'reject', 'inline-ai-reject', () => reject()), hint);
  for (const ev of ['mousedown', 'pointerdown', 'dblclick', 'wheel'] as const) bar.addEventListener(ev, (e) => e.stopPropagation());
  editor.changeViewZones((a) => {
    zoneId = a.addZone({ afterLineNumber: last, heightInPx: 34, domNode: bar, suppressMouseDown: false });
  });

  const keys = editor.onKeyDown((e) => {
    if (e.browserEvent.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      reject();
    } else if (e.browserEvent.key === 'Enter' && e.altKey) {
      e.preventDefault();
      e.stopPropagation();
      accept();
    }
  });
  const swapped = editor.onDidChangeModel(() => close());

  function close() {
    if (!open) return;
    open = false;
    keys.dispose();
    swapped.dispose();
    if (zoneId !== null) {
      const id = zoneId;
      editor.changeViewZones((a) => a.removeZone(id));
    }
    marks.clear();
    onClosed();
  }
  function accept() {
    close();
    editor.focus();
  }
  function reject() {
    const range = marks.getRanges()[0];
    const m = editor.getModel();
    if (range && m === model) {
      const full = new monaco.Range(range.startLineNumber, 1, range.endLineNumber, m.getLineMaxColumn(range.endLineNumber));
      editor.pushUndoStop();
      editor.executeEdits('inline-ai', [{ range: full, text: '' }]);
      editor.pushUndoStop();
      editor.setPosition({ lineNumber: range.startLineNumber, column: 1 });
    }
    close();
    editor.focus();
  }
  editor.setPosition({ lineNumber: last, column: model.getLineMaxColumn(last) });
  editor.revealLineInCenterIfOutsideViewport(last);
  return { accept, reject, isOpen: () => open };
}
