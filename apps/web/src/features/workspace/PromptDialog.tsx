/** A one-field name dialog (new group, rename group or console). */
import { useEffect, useState } from 'react';
import { App, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDialogs } from './dialogs-store';
import { useErrorToast } from '../../app/use-error-toast';

export function PromptDialog() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const prompt = useDialogs((s) => s.prompt);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(prompt?.initial ?? ''), [prompt]);

  const ok = async () => {
    if (!prompt) return;
    const v = value.trim();
    if (!v) return void message.warning(t('workspace.required'));
    setBusy(true);
    try {
      await prompt.onOk(v);
      useDialogs.getState().close('prompt');
    } catch (e) {
      void showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={!!prompt} title={prompt?.title} onCancel={() => useDialogs.getState().close('prompt')} onOk={ok} confirmLoading={busy} destroyOnHidden width={400} okButtonProps={{ 'data-testid': 'prompt-ok' }}>
      <Input autoFocus value={value} onChange={(e) => setValue(e.target.value)} onPressEnter={ok} data-testid="prompt-input" maxLength={255} />
    </Modal>
  );
}
