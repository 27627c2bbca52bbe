import { describe, expect, it } from 'vitest';
import { withdrawFieldError } from './withdraw-rules';

describe('withdrawal form rules', () => {
  it('name 2–50 characters', () => {
    expect(withdrawFieldError('name', '')).toBe('rewards.form.required');
    expect(withdrawFieldError('name', 'A')).toBe('rewards.form.nameLength');
    expect(withdrawFieldError('name', 'Li')).toBeNull();
    expect(withdrawFieldError('name', 'x'.repeat(51))).toBe('rewards.form.nameLength');
  });
  it('ID number: 18 characters with its check digit', () => {
    expect(withdrawFieldError('idNumber', '11010519491231002X')).toBeNull();
    expect(withdrawFieldError('idNumber', '110105194912310021')).toBe('rewards.form.idNumber');
    expect(withdrawFieldError('idNumber', '1101051949123100')).toBe('rewards.form.idNumber');
  });
  it('Alipay account required; phone must match the pattern', () => {
    expect(withdrawFieldError('alipayAccount', ' ')).toBe('rewards.form.required');
    expect(withdrawFieldError('alipayAccount', 'me@alipay.cn')).toBeNull();
    expect(withdrawFieldError('phone', '138 0013 8000')).toBeNull();
    expect(withdrawFieldError('phone', '+4915112345678')).toBeNull();
    expect(withdrawFieldError('phone', '12345')).toBe('rewards.form.phone');
  });
});
