import { sql, type Compilable, type RawBuilder } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb, setDatabase } from "~/db/db.server";
import { EXPORT_CACHE_SIZE, sqliteConnectionRows } from "~/db/row-stream/sqlite-connection-rows";
import { idleReadingThreads, KEEP_READER_UP_TO_ROWS } from "~/db/row-stream/sqlite-reader-thread.server";
import { openRowStreams, rowSourceTarget, streamRows } from "~/db/row-stream/stream-rows.server";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * The row streams under exports (decision 0019): the database's own work never holds the request
 * thread (on SQLite the statement is stepped on a thread of its own), errors reach the reader,
 * and a stream stopped early gives back what it held.
 */

/** A raw query as streamRows takes it (compiled for the portal's database). */
function query<Row>(raw: RawBuilder<Row>): Compilable<Row> {
  return { compile: () => raw.compile(getDb()) };
}

/** Rows 1..count, each with a random key: sorting by the key is one long statement step. */
function numbered(count: number, order: "random" | "number") {
  const orderBy = order === "random" ? sql`order by key` : sql`order by i`;
  if (getDatabase().dialect === "postgres") {
    return query(sql<{ i: number; key: string }>`select i, md5(random()::text) as key from generate_series(1, ${sql.lit(count)}) as i ${orderBy}`);
  }
  return query(
    sql<{
      i: number;
      key: string;
    }>`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(count)}) select i, lower(hex(randomblob(8))) as key from n ${orderBy}`,
  );
}

/** Rows 1..5000 where every row after the 1200th fails to compute. */
function failingAfter1200() {
  if (getDatabase().dialect === "postgres") {
    return query(sql<{ v: number }>`select case when i <= 1200 then i else i / (i - i) end as v from generate_series(1, 5000) as i`);
  }
  return query(
    sql<{
      v: number;
    }>`with recursive n(i) as (select 1 union all select i + 1 from n where i < 5000) select case when i <= 1200 then i else json('not json') end as v from n`,
  );
}

/** Turns of the event loop counted while `work` runs: the loop is free when they keep coming. */
async function loopTurnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { result: await work(), turns };
  } finally {
    running = false;
  }
}

describe.each(testDialects)("row streams on %s", (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    setDatabase(t.database);
  });

  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
  });

  it("keeps the event loop turning while the database sorts 300,000 rows before the first one", async () => {
    const stream = streamRows(numbered(300_000, "random"), 500);
    try {
      const { result, turns } = await loopTurnsDuring(() => stream.next());
      expect(result.done).toBe(false);
      expect(result.value?.length).toBe(500);
      // Sorting takes the database a good part of a second: many turns if it does not hold the loop.
      expect(turns).toBeGreaterThan(50);
    } finally {
      await stream.return();
    }
  });

  it("reads every row in order, in batches of the given size", async () => {
    const batches: number[][] = [];
    for await (const batch of streamRows(numbered(1234, "number"), 500)) batches.push(batch.map((row) => Number(row.i)));
    expect(batches.map((batch) => batch.length)).toEqual([500, 500, 234]);
    expect(batches.flat()).toEqual(Array.from({ length: 1234 }, (_, index) => index + 1));
    expect(openRowStreams()).toBe(0);
  });

  it("passes on an error of the statement, before the first rows and after some", async () => {
    await expect(streamRows(query(sql<{ x: number }>`select x from no_such_table`)).next()).rejects.toThrow(/no_such_table|does not exist/);
    expect(openRowStreams()).toBe(0);

    const rows: number[] = [];
    const reading = (async () => {
      for await (const batch of streamRows(failingAfter1200(), 500)) rows.push(...batch.map((row) => Number(row.v)));
    })();
    await expect(reading).rejects.toThrow(/malformed JSON|division by zero/);
    expect(rows).toEqual(Array.from({ length: 1000 }, (_, index) => index + 1));
    expect(openRowStreams()).toBe(0);
  });

  it("gives back its statement when stopped early, while the database still had rows to read", async () => {
    const stream = streamRows(numbered(100_000, "number"), 500);
    const first = await stream.next();
    expect(first.value?.length).toBe(500);
    expect(openRowStreams()).toBe(1);
    await stream.return();
    expect(openRowStreams()).toBe(0);
  });

  it("reads again after streams that were stopped early, failed or finished (SQLite reuses its reading threads)", async () => {
    for (let round = 0; round < 2; round++) {
      const stopped = streamRows(numbered(5000, "number"), 100);
      expect((await stopped.next()).value?.length).toBe(100);
      await stopped.return();
      await expect(
        (async () => {
          for await (const batch of streamRows(failingAfter1200(), 100)) void batch;
        })(),
      ).rejects.toThrow(/malformed JSON|division by zero/);
      const rows: number[] = [];
      for await (const batch of streamRows(numbered(1500, "number"), 100)) rows.push(...batch.map((row) => Number(row.i)));
      expect(rows).toEqual(Array.from({ length: 1500 }, (_, index) => index + 1));
      expect(openRowStreams()).toBe(0);
    }
  });

  it.runIf(dialect === "sqlite")("keeps a reading thread after a small read, and ends the one that read a large export", async () => {
    for await (const batch of streamRows(numbered(1500, "number"), 100)) void batch;
    const afterSmall = idleReadingThreads();
    expect(afterSmall).toBeGreaterThan(0);
    let rows = 0;
    for await (const batch of streamRows(numbered(KEEP_READER_UP_TO_ROWS + 1000, "number"), 1000)) rows += batch.length;
    expect(rows).toBe(KEEP_READER_UP_TO_ROWS + 1000);
    // The large read took the waiting thread and did not give it back.
    expect(idleReadingThreads()).toBe(afterSmall - 1);
  });

  it.runIf(dialect === "sqlite")(
    "reads an export on a connection of its own with SQLite's stock page cache, on the reading thread and in the export worker's reader",
    async () => {
      const cacheSize = query(sql<{ size: number }>`select cache_size as size from pragma_cache_size()`);
      const onThread: number[] = [];
      for await (const batch of streamRows(cacheSize)) onThread.push(...batch.map((row) => Number(row.size)));
      expect(onThread).toEqual([EXPORT_CACHE_SIZE]);
      // The portal's own connection keeps better-sqlite3's larger cache: the bound is the export's alone.
      const own = await sql<{ size: number }>`select cache_size as size from pragma_cache_size()`.execute(getDb());
      expect(own.rows).toHaveLength(1);
      expect(Number(own.rows[0].size)).not.toBe(EXPORT_CACHE_SIZE);

      const target = rowSourceTarget();
      if (target.dialect !== "sqlite") throw new Error("a SQLite test database");
      const rows = sqliteConnectionRows(target.file, cacheSize.compile().sql, [], 10);
      expect(rows.columns).toEqual(["size"]);
      expect(await rows.next()).toEqual({ rows: [[EXPORT_CACHE_SIZE]], last: true });
    },
  );

  it.runIf(dialect === "postgres")("fails a read after its connection is cut while the reader waits, and leaves the process running", async () => {
    const stream = streamRows(numbered(100_000, "number"), 500);
    try {
      expect((await stream.next()).value?.length).toBe(500);
      const cut = await sql<{
        pid: number;
      }>`select pg_terminate_backend(pid), pid from pg_stat_activity where datname = current_database() and query like 'fetch forward%'`.execute(getDb());
      expect(cut.rows).toHaveLength(1);
      // The connection is idle between two reads: pg reports the loss as an 'error' event, which
      // without a listener would be thrown and end this process. Let it arrive before reading on.
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Rows already fetched (a fetch is 1,000 rows, and the next is asked for at once) are handed
      // out first; the read that needs the database again fails.
      const reading = (async () => {
        for (let read = 0; read < 10; read++) await stream.next();
      })();
      await expect(reading).rejects.toThrow(/terminating connection/);
      expect(openRowStreams()).toBe(0);
    } finally {
      await stream.return().catch(() => undefined);
    }
  });
});
