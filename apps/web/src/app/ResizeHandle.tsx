import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A vertical drag handle; reports the new width of the panel on the given side. */
export function ResizeHandle({ side, width, min, max, onResize, testId }: { side: 'left' | 'right'; width: number; min: number; max: number; onResize(w: number): void; testId: string }) {
  const { t } = useTranslation();
  const start = useRef<{ x: number; w: number } | null>(null);
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-valuenow={width}
      title={t('shell.resize')}
      data-testid={testId}
      className="askdb-resize"
      onPointerDown={(e) => {
        start.current = { x: e.clientX, w: width };
        (e.target as HTMLElement).setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (!start.current) return;
        const dx = e.clientX - start.current.x;
        const next = side === 'left' ? start.current.w + dx : start.current.w - dx;
        onResize(Math.round(Math.min(max, Math.max(min, next))));
      }}
      onPointerUp={() => {
        start.current = null;
      }}
    />
  );
}
