import { describe, expect, it } from 'vitest';
import { liftBridges } from './bridges.js';

describe('liftBridges', () => {
  it('lifts a table joined to two of the best tables just below the weaker one', () => {
    // 0 singer, 1 concert, 2 singer_in_concert (no word of the question), 3 stadium, 4 noise
    const scores = [5, 4, 0, 1, 2];
    const neighbours = [[2], [2, 3], [0, 1], [1], []];
    const out = liftBridges(scores, neighbours, 2, 0.9);
    expect(out[2]).toBeCloseTo(3.6);
    expect(out.slice(0, 2)).toEqual([5, 4]);
    // a table joined to only one of them stays where it was
    expect(out[3]).toBe(1);
  });

  it('needs two distinct good endpoints and leaves unmatched schemas alone', () => {
    expect(liftBridges([5, 0, 0], [[1], [0, 0], [1]], 2)).toEqual([5, 0, 0]);
    expect(liftBridges([0, 0, 0], [[2], [2], [0, 1]], 2)).toEqual([0, 0, 0]);
  });
});
