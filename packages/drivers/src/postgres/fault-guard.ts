/**
 * Containment of pg protocol faults. pg dispatches every server message from its socket handler;
 * an exception there (a query object without a handler for the message, an unexpected message)
 * would be uncaught and end the whole process. The guard catches it at the dispatch, remembers it
 * as the client's fault, and destroys the socket: pg then fails the statement that was running
 * ("Connection terminated unexpectedly") and the session is marked lost, so the pool drops it.
 */
import type pg from 'pg';
import type { EventEmitter } from 'node:events';
import Cursor from 'pg-cursor';

const faults = new WeakMap<pg.Client, Error>();

/** The fault that closed this client's connection, if one did. */
export function pgFaultOf(client: pg.Client): Error | undefined {
  return faults.get(client);
}

interface GuardedWire extends EventEmitter {
  stream?: { destroy(err?: Error): void };
  askdbGuarded?: boolean;
}

/** Guards the client's message dispatch (call once, before connect). */
export function guardPgClient(client: pg.Client): pg.Client {
  const wire = (client as unknown as { connection?: GuardedWire }).connection;
  if (!wire || wire.askdbGuarded) return client;
  wire.askdbGuarded = true;
  const emit = wire.emit;
  wire.emit = function guardedEmit(this: GuardedWire, event: string | symbol, ...args: unknown[]): boolean {
    // After a fault the rest of the buffer is not dispatched: only the end of the connection is.
    if (faults.has(client) && event !== 'end' && event !== 'error') return false;
    try {
      return emit.call(this, event, ...args);
    } catch (err) {
      const fault = err instanceof Error ? err : new Error(String(err));
      if (!faults.has(client)) faults.set(client, fault);
      // The protocol state is unknown now: nothing more may run on this connection.
      try {
        this.stream?.destroy();
      } catch { /* already gone */ }
      return true;
    }
  };
  return client;
}

/**
 * pg-cursor with answers to the COPY messages it lacks (statements are routed to copy-query.ts,
 * this is the second line): a COPY FROM STDIN is refused with the server's own error, COPY TO
 * STDOUT data is dropped, and the statement ends normally.
 */
export class SafeCursor extends Cursor {
  handleCopyInResponse(connection: { sendCopyFail(msg: string): void }): void {
    connection.sendCopyFail('COPY FROM STDIN runs only as a statement of its own, followed by its data lines');
  }
  handleCopyData(): void {}
}
