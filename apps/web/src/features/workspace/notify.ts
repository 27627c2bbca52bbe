/**
 * Messages from helpers that live outside React components (openNewConsole, tab openers): the
 * workspace registers antd's context-aware message API here; before that the static one is used.
 */
import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

let current: MessageInstance | null = null;
export function setNotifier(m: MessageInstance | null): void {
  current = m;
}
export function notify(): MessageInstance {
  return current ?? (staticMessage as unknown as MessageInstance);
}
