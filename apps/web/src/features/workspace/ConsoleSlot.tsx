/**
 * Where the SQL editor tab types render (console, local SQL file, view, function, procedure, trigger):
 * the console feature's `ConsoleTab` (editor and results are that feature's).
 */
import { ConsoleTab } from '../console';
import type { WorkspaceTab } from './tabs-store';

export function ConsoleSlot({ tab }: { tab: WorkspaceTab }) {
  return <ConsoleTab tab={tab} />;
}
