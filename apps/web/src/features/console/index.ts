/**
 * The SQL console feature. The workspace renders `ConsoleTab` for console tabs (and the other SQL editor
 * tab types); importing this module also installs the console's global shortcuts and session watchers.
 */
import { installConsoleKeys } from './global-keys.js';
import { installSessionWatchers } from './session.js';
import { installInsertSqlBridge } from './insert-sql.js';

installConsoleKeys();
installSessionWatchers();
installInsertSqlBridge();

export { ConsoleTab } from './ConsoleTab.js';
export { openLocalFile } from './open-file.js';
export { requestAi, AI_EVENT, type AiRequestDetail, type AiRequestContext } from './ai-bridge.js';
export { consoleStrings } from './i18n.js';
