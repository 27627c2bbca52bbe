/** Commands of the tree's key actions that key-actions.ts does not have: rename without overwriting. */
import { quoteRedisText } from '@askdb/sql';

/** RENAMENX: a rename never silently replaces another key (the reply is 0 when the name is taken). */
export const renameCommand = (from: string, to: string) => `RENAMENX ${quoteRedisText(from)} ${quoteRedisText(to)}`;

/** TTL in seconds (-1: no expiry, -2: no such key). */
export const ttlQuery = (key: string) => `TTL ${quoteRedisText(key)}`;
