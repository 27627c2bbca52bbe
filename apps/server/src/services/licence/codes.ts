/** Activation codes: ASKDB-XXXXX-XXXXX-XXXXX-XXXXX, 100 random bits in Crockford base32. */
import crypto from 'node:crypto';
import { ACTIVATION_CODE_PATTERN, normalizeActivationCode } from '@askdb/contracts';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newActivationCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < 4; g++) {
    let s = '';
    for (let i = 0; i < 5; i++) s += ALPHABET[crypto.randomInt(32)];
    groups.push(s);
  }
  return `ASKDB-${groups.join('-')}`;
}

/** The normalised code, or null when it is not shaped like one. */
export function parseActivationCode(input: string): string | null {
  const c = normalizeActivationCode(input);
  return ACTIVATION_CODE_PATTERN.test(c) ? c : null;
}

export const codeHash = (code: string) => crypto.createHash('sha256').update(code).digest('hex');
export const codeTail = (code: string) => code.slice(-5);
export const maskCode = (tail: string) => `ASKDB-*****-*****-*****-${tail}`;
