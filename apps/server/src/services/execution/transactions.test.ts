import type { Connection } from '@askdb/drivers';
import { describe, expect, it } from 'vitest';
import { ConsoleTransactions, afterLostTransaction, closesTransaction, opensTransaction } from './transactions.js';

const conn = (broken = false) => ({ broken }) as unknown as Connection;

describe('transaction statements', () => {
  it('tells what ends a lost transaction: COMMIT fails, ROLLBACK and BEGIN end it, ROLLBACK TO SAVEPOINT does not', () => {
    expect(['commit', ' COMMIT WORK', 'end', 'insert into t values (1)', 'rollback', 'ROLLBACK', 'abort', 'rollback to savepoint a', 'ROLLBACK WORK TO a', 'begin', 'START TRANSACTION READ ONLY'].map(afterLostTransaction))
      .toEqual(['fail-and-end', 'fail-and-end', 'fail-and-end', 'fail', 'end-and-run', 'end-and-run', 'end-and-run', 'fail', 'fail', 'end-and-run', 'end-and-run']);
    expect([opensTransaction('begin'), opensTransaction('select 1'), closesTransaction('commit'), closesTransaction('rollback to s1')]).toEqual([true, false, true, false]);
  });
});

describe('ConsoleTransactions', () => {
  it('a transaction open on a connection that was replaced (or broke) is lost until ended', () => {
    const tx = new ConsoleTransactions();
    const first = conn();
    tx.settle('k', first, true, false);
    expect(tx.lostAtStart('k', first)).toBe(false);
    expect(tx.isOpen('k')).toBe(true);
    expect(tx.lostAtStart('k', conn())).toBe(true);
    tx.settle('k', conn(), false, false);
    expect(tx.lostAtStart('k', conn())).toBe(false);
    tx.settle('b', first, true, false);
    expect(tx.lostAtStart('b', conn(true))).toBe(true);
  });

  it('a session without a transaction, or whose engine cannot tell, is not tracked', () => {
    const tx = new ConsoleTransactions();
    tx.settle('k', conn(), null, false);
    expect(tx.lostAtStart('k', conn())).toBe(false);
    expect(tx.isOpen('k')).toBe(false);
  });
});
