/**
 * What every engine's connection shares: statements run one at a time through its StatementRunner (which
 * also cancels the running one), and EXPLAIN as a prefix unless the engine says otherwise.
 */
import type { Connection, ExecuteOptions, Metadata, ResultEvent } from '../driver.js';
import type { StatementRunner } from './statement-run.js';

export abstract class RunnerConnection implements Connection {
  protected abstract readonly runner: StatementRunner;
  abstract readonly metadata: Metadata;
  abstract get broken(): boolean;
  abstract close(): Promise<void>;

  execute(sql: string, options?: ExecuteOptions): AsyncIterable<ResultEvent> {
    return this.runner.run(sql, options);
  }

  explainSql(sql: string): string {
    return `EXPLAIN ${sql}`;
  }

  async cancel(): Promise<void> {
    await this.runner.cancel();
  }
}
