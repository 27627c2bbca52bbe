/**
 * A minimal Monaco set-up for this feature: the editor core, SQL colouring and a local editor
 * worker (never a CDN). Leaves an existing MonacoEnvironment alone, so the app-wide set-up wins
 * when there is one.
 */
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api.js';
import 'monaco-editor/esm/vs/editor/edcore.main.js';
import 'monaco-editor/esm/vs/basic-languages/sql/sql.contribution.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';

type MonacoEnv = { getWorker?: (workerId: string, label: string) => Worker };
const scope = self as unknown as { MonacoEnvironment?: MonacoEnv };
if (!scope.MonacoEnvironment?.getWorker) {
  scope.MonacoEnvironment = { ...scope.MonacoEnvironment, getWorker: () => new EditorWorker() };
}

export { monaco };
