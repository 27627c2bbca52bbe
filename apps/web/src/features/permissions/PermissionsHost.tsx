/** Mounted once in the shell: the "permissions restricted" dialog and the apply form it opens over the Team page's Apply list. */
import './permissions.css';
import { Button, Modal, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApplyForm } from './ApplyForm';
import { useRefusals } from './refusal-store';
import { navigate } from '../../lib/router';
import { confirmPendingWork } from '../workspace/pending-changes';

export function PermissionsHost() {
  const { t } = useTranslation();
  const { refusal, applying, dismiss, applyFromRefusal, closeApply } = useRefusals();
  // Spec 02 §8: "Apply opens the apply list with the request prefilled" (the Team page's Apply list, form on top).
  const apply = () =>
    void confirmPendingWork().then((go) => {
      if (!go) return;
      applyFromRefusal();
      navigate('team');
    });
  return (
    <>
      <Modal
        open={!!refusal}
        title={<span data-testid="permission-restricted-title"><LockOutlined /> {t('perm.restricted.title')}</span>}
        onCancel={dismiss}
        data-testid="permission-restricted"
        footer={[
          <Button key="cancel" onClick={dismiss} data-testid="permission-restricted-cancel">{t('perm.cancel')}</Button>,
          <Button key="apply" type="primary" onClick={apply} data-testid="permission-restricted-apply">{t('perm.restricted.apply')}</Button>,
        ]}
      >
        <Typography.Paragraph data-testid="permission-restricted-message">{refusal?.message}</Typography.Paragraph>
        {/* The server's message says what was refused; the hint says what applying does (a script refusal's message already does). */}
        {(refusal?.code !== 'NO_SCRIPT_PERMISSION' || !refusal.message) && (
          <Typography.Paragraph type="secondary">{refusal?.code === 'NO_SCRIPT_PERMISSION' ? t('perm.restricted.scriptHint') : t('perm.restricted.dataHint')}</Typography.Paragraph>
        )}
      </Modal>
      <ApplyForm prefill={applying} onClose={closeApply} />
    </>
  );
}
