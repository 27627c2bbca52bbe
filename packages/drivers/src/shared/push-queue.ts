/**
 * An async queue for push-style clients (mysql2, mssql events): the producer pushes and is told
 * to pause above the high-water mark; the consumer pulls with `for await`, which resumes the
 * producer once the queue drains. Memory stays bounded however large the result.
 */
export class PushQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private ended = false;
  private failure: unknown = null;
  private wake: (() => void) | null = null;
  private paused = false;

  constructor(private readonly highWater: number, private readonly pause: () => void, private readonly resume: () => void) {}

  push(item: T): void {
    this.items.push(item);
    if (!this.paused && this.items.length >= this.highWater) {
      this.paused = true;
      this.pause();
    }
    this.notify();
  }

  end(): void { this.ended = true; this.notify(); }

  fail(err: unknown): void {
    if (this.failure === null) this.failure = err ?? new Error('failed');
    this.ended = true;
    this.notify();
  }

  get isEnded(): boolean { return this.ended; }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      if (this.items.length) {
        const item = this.items.shift()!;
        if (this.paused && this.items.length <= this.highWater / 2) {
          this.paused = false;
          this.resume();
        }
        yield item;
        continue;
      }
      if (this.failure !== null) throw this.failure;
      if (this.ended) return;
      await new Promise<void>((resolve) => { this.wake = resolve; });
    }
  }
}
