/**
 * The pause of a loop that follows the log: it sleeps until its timeout or until `signal()`
 * (new events may be readable), whichever comes first. A signal that comes while the loop is
 * busy is kept, so the next sleep returns at once and no append is slept through.
 */
export class WakeableSleep {
  private wake: (() => void) | null = null;
  private pending = false;

  signal(): void {
    if (this.wake) this.wake();
    else this.pending = true;
  }

  /** Sleeps up to `ms`; returns at once (forgetting a kept signal) when `skip` is true, e.g. while stopping. */
  sleep(ms: number, skip = false): Promise<void> {
    if (this.pending || skip) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
