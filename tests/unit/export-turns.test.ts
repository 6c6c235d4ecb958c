import { afterEach, describe, expect, it } from "vitest";
import { type ExportTurn, exportTurn, IDLE_MS, TURN_CHUNKS } from "~/lib/export-turns.server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the promise has settled within a few turns of the event loop. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await sleep(1);
  return done;
}

/** Reads `chunks` chunks in this export's turn, back to back, as a client reading fast does. */
async function readChunks(turn: ExportTurn, chunks: number): Promise<void> {
  for (let chunk = 0; chunk < chunks; chunk++) {
    await turn.take();
    turn.chunkRead();
  }
}

describe("exportTurn", () => {
  const turns: ExportTurn[] = [];
  const join = () => {
    const turn = exportTurn();
    turns.push(turn);
    return turn;
  };
  afterEach(() => {
    for (const turn of turns.splice(0)) turn.leave();
  });

  it("never holds back an export alone", async () => {
    const only = join();
    const startedAt = performance.now();
    await readChunks(only, TURN_CHUNKS * 3);
    expect(performance.now() - startedAt).toBeLessThan(IDLE_MS);
  });

  it("lets one export read at a time, TURN_CHUNKS chunks a turn, the others waiting in order", async () => {
    const first = join();
    const second = join();
    const third = join();
    await readChunks(first, TURN_CHUNKS);
    const secondWaits = second.take();
    const thirdWaits = third.take();
    expect(await settled(secondWaits)).toBe(false);
    // The first's turn is used up: asking again, it queues behind the others and the second goes.
    const firstAgain = first.take();
    expect(await settled(secondWaits)).toBe(true);
    expect(await settled(thirdWaits)).toBe(false);
    expect(await settled(firstAgain)).toBe(false);
    second.chunkRead();
    second.leave();
    expect(await settled(thirdWaits)).toBe(true);
    expect(await settled(firstAgain)).toBe(false);
    await readChunks(third, TURN_CHUNKS - 1);
    third.leave();
    expect(await settled(firstAgain)).toBe(true);
  });

  it("passes the turn on when its holder asks for nothing for IDLE_MS (a slow client), and wakes a waiter that leaves", async () => {
    const slow = join();
    const waiting = join();
    const leaving = join();
    await readChunks(slow, 1);
    const next = waiting.take();
    const gone = leaving.take();
    expect(await settled(next)).toBe(false);
    await sleep(IDLE_MS + 20);
    expect(await settled(next)).toBe(true);
    leaving.leave();
    expect(await settled(gone)).toBe(true);
  });
});
