import { describe, expect, it } from 'vitest';
import { MAX_SCROLL_HEIGHT, ROW_HEIGHT, columnOffsets, columnRange, rowRange, scrollTopFor, verticalGeometry, virtualTop } from './grid-layout';

describe('grid geometry', () => {
  it('maps the scrollbar of a million rows onto every row, first to last', () => {
    const g = verticalGeometry(1_000_000);
    expect(g.total).toBe(28_000_000);
    expect(g.spacer).toBe(MAX_SCROLL_HEIGHT);
    const view = 600;
    const end = virtualTop(g.spacer - view, g, view);
    expect(end).toBe(g.total - view);
    const r = rowRange(end, view, 1_000_000, 0);
    expect(r.last).toBe(999_999);
    expect(virtualTop(scrollTopFor(14_000_000, g, view), g, view)).toBeCloseTo(14_000_000, 3);
  });

  it('small results scroll one to one', () => {
    const g = verticalGeometry(100);
    expect(virtualTop(280, g, 300)).toBe(280);
    expect(rowRange(280, 300, 100, 0)).toEqual({ first: 10, last: Math.ceil(580 / ROW_HEIGHT) });
  });

  it('finds visible columns', () => {
    const widths = [100, 100, 100, 100];
    const { offsets } = columnOffsets(widths);
    expect(columnRange(0, 200, offsets, widths)).toEqual({ first: 0, last: 1 });
    expect(columnRange(150, 120, offsets, widths)).toEqual({ first: 1, last: 2 });
  });
});
