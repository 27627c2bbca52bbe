/**
 * Monaco, bundled from the ESM build with its worker served by our own origin (Vite `?worker`), never a
 * CDN. Editor core plus its contributions (find, folding, sticky scroll, suggest, hover…) and the SQL
 * language only; themes of spec 01 §9 are defined on load.
 */
import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import 'monaco-editor/esm/vs/basic-languages/sql/sql.contribution.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import { defineThemes } from './themes.js';

// SQL has no language worker of its own: every label gets the editor worker (diffing, word ranges, links).
(self as unknown as { MonacoEnvironment: { getWorker(workerId: string, label: string): Worker } }).MonacoEnvironment = {
  getWorker: () => new EditorWorker({ name: 'askdb-editor-worker' }),
};
defineThemes(monaco);

export { monaco };
export type MonacoApi = typeof monaco;
