/**
 * Long work done in the request thread (an export reading and formatting a million rows) shares
 * the event loop with every other request by working in slices: a slice runs until it has held
 * the thread for SLICE_MS, then waits for its next turn (docs/decisions/0019-export-fairness.md).
 *
 * Turns are handed out one per turn of the event loop (setImmediate), in arrival order, to all
 * long works together: between two slices the loop always polls for I/O, so a request that
 * arrives waits for at most one slice, however many exports are running. With nothing else to
 * do, the next turn comes at once and the long work runs at full speed.
 */

/**
 * Long enough that the turns cost nothing measurable, short enough that nobody notices the wait:
 * a request that needs several turns of the loop (reading, rendering, writing) waits for a slice
 * at each (10 ms gave /api/health a median of 42 ms under four exports, 5 ms 32 ms).
 */
export const SLICE_MS = 5;

class TurnQueue {
  private readonly waiting: Array<() => void> = [];
  private scheduled = false;

  next(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.grantSoon();
    });
  }

  private grantSoon(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.waiting.shift()?.();
      // Scheduled from within this turn's callback, the next grant runs after the next I/O poll.
      this.grantSoon();
    });
  }
}

const turns = new TurnQueue();

/** One long work's share of the loop: call `spent()` often, and `nextTurn()` when it says so. */
export class Slice {
  private startedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly sliceMs: number = SLICE_MS) {}

  /** Waits for a turn, then starts a new slice. */
  async nextTurn(): Promise<void> {
    await turns.next();
    this.startedAt = performance.now();
  }

  /** True once this slice has had its time (and before the first turn). */
  spent(): boolean {
    return performance.now() - this.startedAt >= this.sliceMs;
  }
}

/**
 * The items of a source, each used in a slice of the loop: the time the consumer spends on an item
 * counts towards the slice, so long work over a source of any size leaves the loop to other
 * requests at least every SLICE_MS. The check comes before an item is handed out: an item that
 * arrives after waiting for I/O finds its slice spent (it counts wall time), so it waits for a turn
 * like any other; checked after, every long work woken by I/O in one turn of the loop would use an
 * item before anyone else.
 */
export async function* inTurns<Item>(source: AsyncIterable<Item>, sliceMs: number = SLICE_MS): AsyncGenerator<Item, void, undefined> {
  const slice = new Slice(sliceMs);
  for await (const item of source) {
    if (slice.spent()) await slice.nextTurn();
    yield item;
  }
}
