/**
 * How a screen tells the user an action failed (spec 02 §8: a notification with the detail, the solution
 * link when the server sent one, and "copy error report" with the interface details). A failure that is
 * not an API answer (a local check) stays a short message.
 */
import { useCallback } from 'react';
import { App } from 'antd';
import { ApiError } from '../lib/api';
import { ErrorDetails } from './ErrorDetails';

export function useErrorToast(): (e: unknown) => void {
  const { message, notification } = App.useApp();
  return useCallback((e: unknown) => {
    const text = e instanceof Error ? e.message : String(e);
    if (e instanceof ApiError) notification.error({ key: `api-error:${text}`, title: text, description: <ErrorDetails error={e} />, placement: 'topRight', duration: 8 });
    else void message.error(text);
  }, [message, notification]);
}
