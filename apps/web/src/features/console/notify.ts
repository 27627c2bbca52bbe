/** Messages from code outside components (save machine, shortcuts): the console registers antd's context-aware API here. */
import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

let current: MessageInstance | null = null;
export function setConsoleNotifier(m: MessageInstance | null): void {
  current = m;
}
export function notify(): MessageInstance {
  return current ?? (staticMessage as unknown as MessageInstance);
}
