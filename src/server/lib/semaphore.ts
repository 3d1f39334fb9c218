/**
 * At most `limit` holders at once; the rest wait in arrival order, each at most `maxWaitMs` (then
 * `acquire` resolves to null, so the caller can answer 429 instead of piling up work and memory).
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: { grant: () => void }[] = [];

  constructor(
    readonly limit: number,
    private readonly maxWaitMs: number,
  ) {}

  get inUse(): number {
    return this.active;
  }

  /** A release function once a place is free, or null after waiting `maxWaitMs` in vain. */
  acquire(): Promise<(() => void) | null> {
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve) => {
      const waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve(this.releaser());
        },
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        resolve(null);
      }, this.maxWaitMs);
      this.waiting.push(waiter);
    });
  }

  /** A place now, or null at once when all are taken. */
  tryAcquire(): (() => void) | null {
    if (this.active >= this.limit) return null;
    this.active += 1;
    return this.releaser();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The place passes straight to the next waiter, so `active` stays the same.
      if (next) next.grant();
      else this.active -= 1;
    };
  }
}
