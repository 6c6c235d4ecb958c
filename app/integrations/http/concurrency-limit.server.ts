/** At most `max` tasks run at once; the others wait in arrival order. */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`A concurrency limit must be a whole number of at least 1 (got ${max}).`);
  }

  get inFlight(): number {
    return this.running;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The finished task's slot passes straight to the next one in line.
      if (next) next();
      else this.running--;
    }
  }
}

const limits = new Map<string, ConcurrencyLimit>();

/** The process-wide limit stored under `name` (a new one when the maximum changes). */
export function sharedLimit(name: string, max: number): ConcurrencyLimit {
  const current = limits.get(name);
  if (current && current.max === max) return current;
  const limit = new ConcurrencyLimit(max);
  limits.set(name, limit);
  return limit;
}
