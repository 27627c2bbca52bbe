/** WeChat scan: a QR image from the server, polled every 2 s until CONFIRMED (signed in) or EXPIRED (offer a new code). */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountApi } from './account-api';

const POLL_MS = 2000;

export function WechatLogin({ onSignedIn }: { onSignedIn(): void }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<{ ticket: string; qrUrl: string }>();
  const [status, setStatus] = useState<string>('LOADING');
  const [error, setError] = useState<string>();
  const load = useCallback(() => {
    setStatus('LOADING');
    setError(undefined);
    accountApi.wechatQr().then(
      (r) => {
        setQr(r);
        setStatus('WAITING');
      },
      (e: Error) => {
        setError(e.message);
        setStatus('ERROR');
      },
    );
  }, []);
  useEffect(load, [load]);
  useEffect(() => {
    if (!qr || (status !== 'WAITING' && status !== 'SCANNED')) return;
    const id = setInterval(() => {
      accountApi.wechatStatus(qr.ticket).then(
        (s) => {
          const st = s.toUpperCase();
          if (st === 'CONFIRMED') {
            clearInterval(id);
            onSignedIn();
          } else if (st === 'EXPIRED') setStatus('EXPIRED');
          else if (st === 'SCANNED') setStatus('SCANNED');
        },
        () => {},
      );
    }, POLL_MS);
    return () => clearInterval(id);
  }, [qr, status, onSignedIn]);
  return (
    <div style={{ textAlign: 'center' }} data-testid="wechat-login">
      <div style={{ position: 'relative', width: 200, height: 200, margin: '0 auto 12px', border: '1px solid rgba(128,128,128,.25)', borderRadius: 8, display: 'grid', placeItems: 'center' }}>
        {status === 'LOADING' && <Spin />}
        {qr && status !== 'LOADING' && <img src={qr.qrUrl} alt={t('auth.wechat.qrAlt')} width={180} height={180} style={{ opacity: status === 'EXPIRED' ? 0.15 : 1 }} data-testid="wechat-qr" />}
        {status === 'EXPIRED' && (
          <Button style={{ position: 'absolute' }} icon={<ReloadOutlined />} onClick={load} data-testid="wechat-refresh">
            {t('auth.wechat.refresh')}
          </Button>
        )}
      </div>
      {error && <Alert type="error" showIcon title={error} />}
      <Typography.Text type="secondary" data-testid="wechat-status">
        {status === 'EXPIRED' ? t('auth.wechat.expired') : status === 'SCANNED' ? t('auth.wechat.scanned') : t('auth.wechat.hint')}
      </Typography.Text>
    </div>
  );
}
