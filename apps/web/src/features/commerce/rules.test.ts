import { describe, expect, it } from 'vitest';
import { initialSeats, localCodeState, seatRange, seatsValid } from './rules';

describe('seat and invitation-code rules', () => {
  it('checks a code only at 6 characters; other lengths are none', () => {
    expect(localCodeState('')).toBe('none');
    expect(localCodeState('ABC12')).toBe('none');
    expect(localCodeState('ABC1234')).toBe('none');
    expect(localCodeState('ABC123')).toBeNull(); // ask the server
    expect(localCodeState('AB-123')).toBe('invalid');
  });
  it('seats: team 5–5000, offline at least 1, personal exactly 1', () => {
    expect(seatRange('TEAM')).toEqual({ min: 5, max: 5000 });
    expect(seatsValid('TEAM', 4)).toBe(false);
    expect(seatsValid('TEAM', 5)).toBe(true);
    expect(seatsValid('TEAM', 5001)).toBe(false);
    expect(seatsValid('LOCAL', 1)).toBe(true);
    expect(seatsValid('LOCAL', 0)).toBe(false);
    expect(seatsValid('PERSONAL', 2)).toBe(false);
    expect(seatsValid('TEAM', 5.5)).toBe(false);
    expect(initialSeats('TEAM')).toBe(5);
    expect(initialSeats('TEAM', 12)).toBe(12);
    expect(initialSeats('TEAM', 2)).toBe(5);
    expect(initialSeats('PERSONAL', 9)).toBe(1);
  });
});
