/**
 * Request bodies of the SQL-intelligence routes. Reading the JSON of a body of megabytes (decoding
 * and parsing) takes the event loop tens of milliseconds, so bodies over BIG_BODY bytes are parsed in
 * the keystroke worker and only the copy of the result comes back; smaller ones take Fastify's own
 * parser. Same answers as Fastify's: 400 for bad JSON or a prototype-poisoning key.
 */
import type { FastifyInstance } from 'fastify';
import { BIG_BODY, BUDGET_MS } from './budgets.js';
import { TOO_LARGE, type SqlIntelPool } from './pool.js';
import { AppError } from '../../http/errors.js';
import { ERROR_CODES } from '@askdb/contracts';

export function readBigBodiesInWorker(scope: FastifyInstance, pool: SqlIntelPool): void {
  const small = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const buf = body as Buffer;
    if (buf.length <= BIG_BODY) return small(req, buf.toString('utf8'), done);
    // A body of its own memory (Fastify copies big ones) moves to the worker instead of being copied.
    const own = buf.byteOffset === 0 && buf.buffer.byteLength === buf.length;
    pool
      .run({ op: 'json', body: buf }, { budget: 'body', size: buf.length, transfer: own ? [buf.buffer as ArrayBuffer] : undefined, onGiveUp: (reason) => req.log.warn(`request body not read: ${reason}`) })
      .then(
        (value) => {
          if (value === TOO_LARGE) done(new AppError(413, ERROR_CODES.INVALID_PARAMS, `Invalid body: too large to read within ${BUDGET_MS.body} ms`), undefined);
          else if (value.ok) done(null, value.value);
          else done(new SyntaxError('invalid JSON'), undefined);
        },
        (e: Error) => done(e, undefined),
      );
  });
}
