/** A pop notice (e.g. SUBSCRIPTION_POP) with its image and share link, once per user until dismissed. */
import { useEffect, useState } from 'react';
import { App, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PopNotice as Pop } from '@askdb/contracts';
import { noticeApi } from './api';

const safeUrl = (u: string | null) => (u && /^https?:\/\//i.test(u) ? u : null);

export function PopNotice({ scope }: { scope: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [pop, setPop] = useState<Pop | null>(null);
  useEffect(() => {
    noticeApi.pop().then(setPop, () => {});
  }, [scope]);
  if (!pop) return null;
  const close = () => {
    void noticeApi.dismissPop(pop.id).catch(() => {});
    setPop(null);
  };
  const share = safeUrl(pop.shareUrl);
  const image = safeUrl(pop.imageUrl);
  return (
    <Modal
      open
      title={pop.title}
      onCancel={close}
      data-testid="pop-notice"
      footer={[
        share && (
          <Button key="share" onClick={() => void navigator.clipboard?.writeText(share).then(() => message.success(t('notice.pop.copied')))}>
            {t('notice.pop.share')}
          </Button>
        ),
        <Button key="close" type="primary" onClick={close} data-testid="pop-notice-close">{t('notice.pop.close')}</Button>,
      ]}
    >
      {image && <img src={image} alt="" style={{ maxWidth: '100%', marginBottom: 12 }} />}
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{pop.content}</Typography.Paragraph>
    </Modal>
  );
}
