/**
 * At most `limit` pieces of work at once; the rest wait their turn, in order, for at most
 * `maxWaitMs` before they are refused with `busy()`. A bounded wait, not an unbounded queue:
 * under a burst, excess readers get a quick answer instead of piling up memory and latency.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: { grant(): void }[] = [];

  constructor(
    readonly limit: number,
    readonly maxWaitMs: number,
    private readonly busy: () => Error,
  ) {}

  /** Work running or waiting right now (for tests and health). */
  get inUse(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    if (this.maxWaitMs <= 0) return Promise.reject(this.busy());
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(this.busy());
      }, this.maxWaitMs);
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    // The permit passes straight to the next waiter, so `active` stays the same.
    const next = this.waiting.shift();
    if (next) next.grant();
    else this.active--;
  }
}
