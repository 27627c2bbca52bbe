import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

export function ChatPanel() {
  const { t } = useTranslation();
  return <Empty style={{ marginTop: 80 }} description={t('shell.empty.chat')} />;
}
export function ChatPage() {
  return <ChatPanel />;
}
