import type { TFunction } from 'i18next';
import type { RedisEditProblem } from '@askdb/sql';

/** A refusal of the key editor in the reader's language. */
export const problemText = (t: TFunction, p: RedisEditProblem): string =>
  t(`redisEdit.problem.${p.code}`, { ...p, interpolation: { escapeValue: false } });
