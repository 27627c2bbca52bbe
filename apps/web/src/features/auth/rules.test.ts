import { describe, expect, it } from 'vitest';
import { isEmail, isPhone, passwordStrong } from './rules';

describe('account form rules', () => {
  it('a new password needs 8 characters with upper, lower and digit', () => {
    expect(passwordStrong('Abcdefg1')).toBe(true);
    expect(passwordStrong('Abcdef1')).toBe(false);
    expect(passwordStrong('abcdefg1')).toBe(false);
    expect(passwordStrong('ABCDEFG1')).toBe(false);
    expect(passwordStrong('Abcdefgh')).toBe(false);
  });
  it('tells e-mail addresses and phone numbers apart', () => {
    expect(isEmail('a@b.io')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isPhone('+86 138 0000 0000')).toBe(true);
    expect(isPhone('hello')).toBe(false);
  });
});
