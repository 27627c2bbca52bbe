/** After payment (spec 01 §4): the Subscribed guide dialog and 300 ms of confetti on a small canvas of our own. */
import { useEffect, useRef } from 'react';
import { Button, Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCommerce } from './commerce-store';

export function SubscribedGuide() {
  const { t } = useTranslation();
  const guide = useCommerce((s) => s.guide);
  const close = useCommerce((s) => s.closeGuide);
  return (
    <Modal open={guide === 'Subscribed'} footer={null} onCancel={close} width={480} data-testid="guide-subscribed">
      <Result
        status="success"
        title={<span data-testid="guide-subscribed-title">{t('commerce.guide.subscribedTitle')}</span>}
        subTitle={t('commerce.guide.subscribedText')}
        extra={<Button type="primary" onClick={close} data-testid="guide-subscribed-ok">{t('commerce.guide.start')}</Button>}
      />
    </Modal>
  );
}

const COLORS = ['#3b7cff', '#ff5a5f', '#ffc53d', '#52c41a', '#9254de'];

export function Confetti() {
  const on = useCommerce((s) => s.paySuccess);
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!on || !canvas) return;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    canvas.width = window.innerWidth;
    canvas.height = window.innerHeight;
    const bits = Array.from({ length: 120 }, () => ({
      x: canvas.width / 2, y: canvas.height / 3, vx: (Math.random() - 0.5) * 16, vy: -Math.random() * 14 - 2,
      size: 4 + Math.random() * 5, color: COLORS[Math.floor(Math.random() * COLORS.length)]!,
    }));
    let frame = 0;
    const draw = () => {
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      for (const b of bits) {
        b.x += b.vx;
        b.y += b.vy;
        b.vy += 0.6;
        ctx.fillStyle = b.color;
        ctx.fillRect(b.x, b.y, b.size, b.size * 0.6);
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
    };
  }, [on]);
  if (!on) return null;
  return <canvas ref={ref} className="askdb-confetti" data-testid="confetti" aria-hidden />;
}
