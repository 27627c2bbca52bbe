/** The workspace: explorer tree on the left (with its dialogs), open tabs in the main area. */
export { WorkspaceExplorer } from './explorer';
export { WorkspaceMain } from './WorkspaceMain';
export { DataSourcePicker } from './DataSourcePicker';
export { openNewConsole } from './open-console';
