import { describe, expect, it } from 'vitest';
import { pickChart } from './chart.js';

describe('the chart step', () => {
  it('a line over dates, a pie for shares, bars otherwise', () => {
    expect(pickChart('sales per month', ['month', 'total'], [['2024-01', '3'], ['2024-02', '5']])).toEqual({ type: 'line', x: 'month', y: ['total'] });
    expect(pickChart('share of orders by status', ['status', 'n'], [['paid', '3'], ['new', '1']])).toEqual({ type: 'pie', x: 'status', y: ['n'] });
    expect(pickChart('orders by city', ['city', 'n', 'avg'], [['Paris', '3', '1.5'], ['Oslo', null, '2']])).toEqual({ type: 'bar', x: 'city', y: ['n', 'avg'] });
  });
  it('nothing when there is no number to draw, one column, no rows, or too many points', () => {
    expect(pickChart('names', ['a', 'b'], [['x', 'y']])).toBeNull();
    expect(pickChart('count', ['n'], [['3']])).toBeNull();
    expect(pickChart('none', ['a', 'n'], [])).toBeNull();
    expect(pickChart('many', ['a', 'n'], Array.from({ length: 101 }, (_, i) => [`k${i}`, String(i)]))).toBeNull();
  });
});
