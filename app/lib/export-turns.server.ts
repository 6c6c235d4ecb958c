/**
 * Exports read the database one at a time (decision 0098). An export the database writes costs
 * the server little, so its speed is PostgreSQL's: four read at once were four processes at full
 * speed on two cores. An export keeps its turn for TURN_CHUNKS chunks while others wait, or until
 * it asks for none for IDLE_MS (its client reads slowly): meanwhile the others' processes, their
 * sockets full, wait too. One export alone never waits.
 */
export const TURN_CHUNKS = 16;
export const IDLE_MS = 20;

interface Waiter {
  wake: () => void;
}

let holder: Waiter | undefined;
let chunksInTurn = 0;
const queue: Waiter[] = [];

function passTurn(): void {
  holder = queue.shift();
  chunksInTurn = 0;
  holder?.wake();
}

export interface ExportTurn {
  /** Resolves when this export may read its next chunk. */
  take(): Promise<void>;
  /** After each chunk read. */
  chunkRead(): void;
  /** The export ended: its turn, or its place in the queue, goes to the next. */
  leave(): void;
}

export function exportTurn(): ExportTurn {
  let idle: NodeJS.Timeout | undefined;
  let left = false;
  const me: Waiter = { wake: () => undefined };
  const wait = () =>
    new Promise<void>((resolve) => {
      me.wake = resolve;
      queue.push(me);
    });
  return {
    async take() {
      clearTimeout(idle);
      if (left) return;
      if (holder === me) {
        if (chunksInTurn < TURN_CHUNKS || queue.length === 0) return;
        const waiting = wait();
        passTurn();
        return waiting;
      }
      if (!holder) {
        holder = me;
        chunksInTurn = 0;
        return;
      }
      return wait();
    },
    chunkRead() {
      if (holder !== me) return;
      chunksInTurn++;
      clearTimeout(idle);
      idle = setTimeout(() => {
        if (holder === me) passTurn();
      }, IDLE_MS);
      idle.unref();
    },
    leave() {
      if (left) return;
      left = true;
      clearTimeout(idle);
      const index = queue.indexOf(me);
      if (index >= 0) queue.splice(index, 1);
      if (holder === me) passTurn();
      // A take() still waiting resolves, for its caller to see the export has ended.
      me.wake();
    },
  };
}
