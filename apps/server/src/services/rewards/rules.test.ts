/** Pure rules of rewards: the GB 11643 ID check digit, the phone pattern, how rewards are shown as withdrawn. */
import { describe, expect, it } from 'vitest';
import { idNumberCheckDigit, isValidIdNumber, PHONE_PATTERN } from '@askdb/contracts';
import { allocateRewardStatuses } from './allocation.js';
import { rewardFor } from './rewards.js';

describe('ID number check digit (GB 11643-1999)', () => {
  it('accepts numbers whose 18th character matches the weighted checksum, X for 10', () => {
    expect(idNumberCheckDigit('11010519491231002')).toBe('X');
    expect(isValidIdNumber('11010519491231002X')).toBe(true);
    expect(isValidIdNumber('11010519491231002x')).toBe(true);
    expect(idNumberCheckDigit('44030819990101001')).toBe(String(idNumberCheckDigit('44030819990101001')));
    const first17 = '44030819990101001';
    expect(isValidIdNumber(first17 + idNumberCheckDigit(first17))).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length and letters in the body', () => {
    expect(isValidIdNumber('110105194912310021')).toBe(false);
    expect(isValidIdNumber('11010519491231002')).toBe(false);
    expect(isValidIdNumber('11010519491231002X1')).toBe(false);
    expect(isValidIdNumber('1101051949123100AX')).toBe(false);
  });
});

describe('phone pattern', () => {
  it('takes mainland mobiles and international numbers', () => {
    expect(PHONE_PATTERN.test('13800138000')).toBe(true);
    expect(PHONE_PATTERN.test('+4915112345678')).toBe(true);
    expect(PHONE_PATTERN.test('12800138000')).toBe(false);
    expect(PHONE_PATTERN.test('1380013800')).toBe(false);
    expect(PHONE_PATTERN.test('abc')).toBe(false);
  });
});

describe('reward statuses (oldest first)', () => {
  it('marks rewards withdrawn, then withdrawing, then waiting, a partly covered reward not yet taken', () => {
    expect(allocateRewardStatuses([100, 200, 300, 400], 300, 300)).toEqual(['WITHDRAWN', 'WITHDRAWN', 'WITHDRAWING', 'WAITING']);
    expect(allocateRewardStatuses([100, 200], 0, 0)).toEqual(['WAITING', 'WAITING']);
    expect(allocateRewardStatuses([100, 200], 150, 0)).toEqual(['WITHDRAWN', 'WAITING']);
  });
  it('rewards 20 % of what was paid, rounded down to a minor unit', () => {
    expect(rewardFor(9900)).toBe(1980);
    expect(rewardFor(4)).toBe(0);
    expect(rewardFor(7)).toBe(1);
  });
});
