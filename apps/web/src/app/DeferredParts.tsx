/**
 * The parts of the shell that are not the first screen (issue 28 point 4): the header's task, feedback
 * and notification buttons, and the dialogs that wait for an event (settings, permissions, guides,
 * pricing). App.tsx loads this module (its own chunk) once the workspace tree has rendered, so a cold
 * load downloads, parses and renders the tree first.
 */
import { SettingsModal } from '../features/settings/SettingsModal';
import { PermissionsHost } from '../features/permissions/PermissionsHost';
import { GuideHost } from '../features/guide/GuideHost';
import { CommerceHost } from '../features/commerce/CommerceHost';
import { TasksHost } from '../features/tasks';
import { FeedbackButton } from '../features/notifications/FeedbackDialog';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { PopNotice } from '../features/notifications/PopNotice';
// Loaded eagerly before: the console's and the AI assistant's app-wide shortcuts and event bridges install
// on import, whatever tab is shown (the dashboard or chat tab does not mount the console).
import '../features/console';
import '../features/chat';

export function HeaderExtras({ scope }: { scope: string }) {
  return (
    <>
      <TasksHost />
      <FeedbackButton />
      <NotificationBell scope={scope} />
      <PopNotice scope={scope} />
    </>
  );
}

export interface HostsProps {
  settingsOpen: boolean;
  onCloseSettings(): void;
  onOpenSettings(section?: string): void;
  system?: { version: string; mode: string };
  settingsSection?: string;
}

export function Hosts({ settingsOpen, onCloseSettings, onOpenSettings, system, settingsSection }: HostsProps) {
  return (
    <>
      <SettingsModal open={settingsOpen} onClose={onCloseSettings} system={system} section={settingsSection} />
      <PermissionsHost />
      <GuideHost />
      <CommerceHost onOpenSettings={onOpenSettings} />
    </>
  );
}
