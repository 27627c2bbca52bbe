/** The bundled ESM entry we load (editor core with its contributions, no extra languages) has the public API's types. */
declare module 'monaco-editor/esm/vs/editor/edcore.main.js' {
  export * from 'monaco-editor';
}
declare module 'monaco-editor/esm/vs/basic-languages/sql/sql.contribution.js';
declare module 'monaco-editor/esm/vs/editor/editor.worker.js?worker' {
  const WorkerCtor: { new (options?: { name?: string }): Worker };
  export default WorkerCtor;
}
