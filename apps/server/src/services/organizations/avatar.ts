/** Team avatars (spec 02 §5): a data: URL of a JPG, GIF or PNG under 1 MB, checked by its bytes, not its label. */
import { ORGANIZATION_ERROR_CODES, ORGANIZATION_LIMITS, type Language } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import { orgMsg } from './messages.js';

const SIGNATURES: Array<{ mime: string; bytes: number[] }> = [
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
];

/** Returns the avatar to store (a normalised data: URL) or throws the message the user reads. */
export function checkAvatar(dataUrl: string, lang: Language): string {
  const m = /^data:([\w/+.-]+);base64,([A-Za-z0-9+/=\s]*)$/.exec(dataUrl);
  if (!m) throw new AppError(400, ORGANIZATION_ERROR_CODES.AVATAR_TYPE, orgMsg(lang, 'AVATAR_TYPE'));
  const bytes = Buffer.from(m[2]!.replace(/\s+/g, ''), 'base64');
  if (bytes.length >= ORGANIZATION_LIMITS.avatarBytes) throw new AppError(400, ORGANIZATION_ERROR_CODES.AVATAR_TOO_LARGE, orgMsg(lang, 'AVATAR_TOO_LARGE'));
  const kind = SIGNATURES.find((s) => s.bytes.every((b, i) => bytes[i] === b));
  if (!kind || bytes.length === 0) throw new AppError(400, ORGANIZATION_ERROR_CODES.AVATAR_TYPE, orgMsg(lang, 'AVATAR_TYPE'));
  return `data:${kind.mime};base64,${bytes.toString('base64')}`;
}
