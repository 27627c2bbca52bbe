/** Import / export tasks (issue 18 point 3): the header button with the task list, the dialogs, and the entry points other features call. */
import { createElement, Fragment } from 'react';
import { TasksButton } from './TaskDrawer';
import { ImportWizard } from './ImportWizard';
import { ExportDialog } from './ExportDialog';
import { ConnectionFilesDialog } from '../connections/ConnectionFilesDialog';

export { openTaskImport, openTaskExport } from './store';

/** Header mount point: the tasks button (with its drawer) and the import / export dialogs. */
export function TasksHost() {
  return createElement(Fragment, null, createElement(TasksButton), createElement(ImportWizard), createElement(ExportDialog), createElement(ConnectionFilesDialog));
}
