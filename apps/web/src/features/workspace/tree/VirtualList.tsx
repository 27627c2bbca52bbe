/**
 * A minimal fixed-row-height virtual list: only the rows in view (plus a few) are in the DOM, so a
 * folder of 30,000 tables opens and scrolls like a short one.
 */
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface VirtualListHandle {
  scrollToIndex(i: number): void;
}
interface Props {
  count: number;
  rowHeight: number;
  renderRow(index: number): ReactNode;
  overscan?: number;
  className?: string;
  onKeyDown?(e: KeyboardEvent<HTMLDivElement>): void;
  testId?: string;
  ariaLabel?: string;
  onContainerContextMenu?(e: React.MouseEvent<HTMLDivElement>): void;
  onDragOver?(e: React.DragEvent<HTMLDivElement>): void;
  onDrop?(e: React.DragEvent<HTMLDivElement>): void;
}

export const VirtualList = forwardRef<VirtualListHandle, Props>(function VirtualList(
  { count, rowHeight, renderRow, overscan = 8, className, onKeyDown, testId, ariaLabel, onContainerContextMenu, onDragOver, onDrop },
  ref,
) {
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setHeight(el.clientHeight || 400);
    const ro = new ResizeObserver(() => setHeight(el.clientHeight || 400));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Keep the scroll position valid when the list shrinks (a folder collapsed near the end).
  useEffect(() => {
    const el = box.current;
    if (el && el.scrollTop > Math.max(0, count * rowHeight - el.clientHeight)) setScrollTop(el.scrollTop);
  }, [count, rowHeight]);

  useImperativeHandle(ref, () => ({
    scrollToIndex(i: number) {
      const el = box.current;
      if (!el) return;
      const top = i * rowHeight;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + rowHeight > el.scrollTop + el.clientHeight) el.scrollTop = top + rowHeight - el.clientHeight;
    },
  }), [rowHeight]);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) rows.push(renderRow(i));

  return (
    <div
      ref={box}
      className={className}
      style={{ overflowY: 'auto', overflowX: 'hidden', position: 'relative', flex: 1, minHeight: 0, outline: 'none' }}
      onScroll={(e) => setScrollTop((e.target as HTMLDivElement).scrollTop)}
      tabIndex={0}
      role="tree"
      aria-label={ariaLabel}
      data-testid={testId}
      data-row-count={count}
      onKeyDown={onKeyDown}
      onContextMenu={onContainerContextMenu}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <div style={{ height: count * rowHeight, position: 'relative' }}>
        <div style={{ position: 'absolute', top: first * rowHeight, left: 0, right: 0 }}>{rows}</div>
      </div>
    </div>
  );
});
