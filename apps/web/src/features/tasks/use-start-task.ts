/** Starting a task from a dialog: busy while the call runs, then "started", the dialog closed and the task list opened; an error stays in the dialog. */
import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTaskDialogs } from './store';

export function useStartTask(close: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const start = async (call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
      void message.success(t('task.started'));
      close();
      useTaskDialogs.getState().started();
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, start };
}
