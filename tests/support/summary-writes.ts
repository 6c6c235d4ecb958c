import fc from "fast-check";
import { sql } from "kysely";
import { getDb, getDialect } from "~/db/db.server";
import { figuresFromRawSql, rebuildSummarySql, shopDaysFromRawSql, testShopFiguresFromRawSql } from "~/db/migrations/scan-figures-sql";

/**
 * Random writes to scan requests and their details for the summary tables' property test
 * (decision 0050): inserts, updates of every column the summary reads, deletes, statements
 * that touch many rows at once, and shops made test shops or ordinary ones (decision 0093). Instants cluster around the buckets' cuts (00:00, 05:00, 06:00
 * UTC) on days either side of a change of daylight saving time in America/Chicago.
 */
export const SUMMARY_PROVIDERS = [1, 2, 3] as const;
/** Provider 3 is one a user cannot choose (version 1.0): every provider's figures leave it out (decision 0064). */
export const SUMMARY_UNSELECTABLE_PROVIDER = 3;
export const SUMMARY_SHOPS = [10, 11, 12, 13] as const;
export const SUMMARY_TEST_SHOP = 13;
const STATUSES = ["COMPLETED", "COMPLETED (CCCONE Error)", "FAILED", "FAILED (Provider Failure)", "CANCELLED", "IN PROGRESS"] as const;
const SCAN_TYPES = ["Scan", "Calibration", "Programming"] as const;
const DAYS = ["2026-03-07", "2026-03-08", "2026-03-09", "2026-03-31", "2026-04-01"] as const;
const NEAR_CUTS = ["00:00:00.000", "04:59:59.999", "05:00:00.000", "05:59:59.999", "06:00:00.000", "23:59:59.999"] as const;

const instant = fc.oneof(
  fc.tuple(fc.constantFrom(...DAYS), fc.constantFrom(...NEAR_CUTS)).map(([day, time]) => `${day}T${time}Z`),
  fc
    .tuple(fc.constantFrom(...DAYS), fc.integer({ min: 0, max: 86_399_999 }))
    .map(([day, ms]) => new Date(Date.parse(`${day}T00:00:00.000Z`) + ms).toISOString()),
);

/** A details row's stamps: both, or one or none missing (no duration then). */
const stamps = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(instant, fc.integer({ min: 0, max: 3_600_000 })).map(([start, ms]) => ({ start, end: new Date(Date.parse(start) + ms).toISOString() })),
  },
  { weight: 1, arbitrary: fc.constant({ start: null, end: null }) },
  { weight: 1, arbitrary: instant.map((start) => ({ start, end: null })) },
);

const pick = fc.nat();

export type SummaryWrite =
  | {
      kind: "insert request";
      providerId: number;
      shopId: number;
      created: string;
      status: string;
      scanType: string;
      details: { start: string | null; end: string | null } | null;
    }
  | { kind: "update request"; pick: number; column: "status" | "scan_type" | "provider_id" | "shop_id" | "created_date_time"; value: string | number }
  | { kind: "update requests of a shop"; shopId: number; status: string }
  | { kind: "delete request"; pick: number }
  | { kind: "delete requests of a provider"; providerId: number }
  | { kind: "insert details"; pick: number; stamps: { start: string | null; end: string | null } }
  | { kind: "update details"; pick: number; stamps: { start: string | null; end: string | null } }
  | { kind: "move details"; pick: number; to: number }
  | { kind: "delete details"; pick: number }
  | { kind: "set test shop"; shopId: number; test: boolean };

const requestUpdate = fc.oneof(
  fc.record({ column: fc.constant("status" as const), value: fc.constantFrom<string | number>(...STATUSES) }),
  fc.record({ column: fc.constant("scan_type" as const), value: fc.constantFrom<string | number>(...SCAN_TYPES) }),
  fc.record({ column: fc.constant("provider_id" as const), value: fc.constantFrom<string | number>(...SUMMARY_PROVIDERS) }),
  fc.record({ column: fc.constant("shop_id" as const), value: fc.constantFrom<string | number>(...SUMMARY_SHOPS) }),
  fc.record({ column: fc.constant("created_date_time" as const), value: instant.map((value): string | number => value) }),
);

export const summaryWrite: fc.Arbitrary<SummaryWrite> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("insert request" as const),
      providerId: fc.constantFrom(...SUMMARY_PROVIDERS),
      shopId: fc.constantFrom(...SUMMARY_SHOPS),
      created: instant,
      status: fc.constantFrom(...STATUSES),
      scanType: fc.constantFrom(...SCAN_TYPES),
      details: fc.option(stamps, { nil: null }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant("update request" as const), pick }).chain((base) => requestUpdate.map((update) => ({ ...base, ...update }))),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("update requests of a shop" as const),
      shopId: fc.constantFrom(...SUMMARY_SHOPS),
      status: fc.constantFrom(...STATUSES),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete request" as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete requests of a provider" as const), providerId: fc.constantFrom(...SUMMARY_PROVIDERS) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("insert details" as const), pick, stamps }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("update details" as const), pick, stamps }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("move details" as const), pick, to: pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete details" as const), pick }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("set test shop" as const), shopId: fc.constantFrom(...SUMMARY_SHOPS), test: fc.boolean() }),
  },
);

/** No requests, SUMMARY_TEST_SHOP the one test shop, and a summary rebuilt from none: each run starts exact whatever a failed run left. */
export async function startWithoutRequests(): Promise<void> {
  await getDb().deleteFrom("scanRequests").execute();
  await getDb()
    .updateTable("shops")
    .set({ isInternal: sql<"Y" | "N">`case when repair_facility_id = ${SUMMARY_TEST_SHOP} then 'Y' else 'N' end` })
    .where("repairFacilityId", "in", [...SUMMARY_SHOPS])
    .execute();
  for (const statement of rebuildSummarySql(getDialect())) await sql`${sql.raw(statement)}`.execute(getDb());
}

async function requestIds(withDetails: boolean | null): Promise<number[]> {
  let query = getDb().selectFrom("scanRequests as r").select("r.scanRequestId").orderBy("r.scanRequestId");
  if (withDetails !== null) {
    const has = getDb()
      .selectFrom("scanRequestDetails as d")
      .select("d.scanRequestId")
      .where(sql<boolean>`d.scan_request_id = r.scan_request_id`);
    query = query.where((eb) => (withDetails ? eb.exists(has) : eb.not(eb.exists(has))));
  }
  return (await query.execute()).map((row) => row.scanRequestId);
}

function chosen(ids: number[], pickValue: number): number | null {
  return ids.length === 0 ? null : ids[pickValue % ids.length];
}

async function insertDetails(scanRequestId: number, details: { start: string | null; end: string | null }): Promise<void> {
  await getDb().insertInto("scanRequestDetails").values({ scanRequestId, scanStartTimeStamp: details.start, scanEndTimeStamp: details.end }).execute();
}

/** Applies one write; a write whose row does not exist (nothing to update) does nothing. */
export async function applySummaryWrite(write: SummaryWrite): Promise<void> {
  const db = getDb();
  switch (write.kind) {
    case "insert request": {
      const { scanRequestId } = await db
        .insertInto("scanRequests")
        .values({
          providerId: write.providerId,
          shopId: write.shopId,
          scanType: write.scanType,
          status: write.status,
          type: "diagnostics",
          createdDateTime: write.created,
          lastModifiedDateTime: write.created,
        })
        .returning("scanRequestId")
        .executeTakeFirstOrThrow();
      if (write.details) await insertDetails(scanRequestId, write.details);
      return;
    }
    case "update request": {
      const id = chosen(await requestIds(null), write.pick);
      if (id !== null) await sql`update scan_requests set ${sql.ref(write.column)} = ${write.value} where scan_request_id = ${id}`.execute(db);
      return;
    }
    case "update requests of a shop":
      await db.updateTable("scanRequests").set({ status: write.status }).where("shopId", "=", write.shopId).execute();
      return;
    case "delete request": {
      const id = chosen(await requestIds(null), write.pick);
      if (id !== null) await db.deleteFrom("scanRequests").where("scanRequestId", "=", id).execute();
      return;
    }
    case "delete requests of a provider":
      await db.deleteFrom("scanRequests").where("providerId", "=", write.providerId).execute();
      return;
    case "insert details": {
      const id = chosen(await requestIds(false), write.pick);
      if (id !== null) await insertDetails(id, write.stamps);
      return;
    }
    case "update details": {
      const id = chosen(await requestIds(true), write.pick);
      if (id !== null)
        await db
          .updateTable("scanRequestDetails")
          .set({ scanStartTimeStamp: write.stamps.start, scanEndTimeStamp: write.stamps.end })
          .where("scanRequestId", "=", id)
          .execute();
      return;
    }
    case "move details": {
      const from = chosen(await requestIds(true), write.pick);
      const to = chosen(await requestIds(false), write.to);
      if (from !== null && to !== null) await db.updateTable("scanRequestDetails").set({ scanRequestId: to }).where("scanRequestId", "=", from).execute();
      return;
    }
    case "delete details": {
      const id = chosen(await requestIds(true), write.pick);
      if (id !== null) await db.deleteFrom("scanRequestDetails").where("scanRequestId", "=", id).execute();
      return;
    }
    case "set test shop":
      await db
        .updateTable("shops")
        .set({ isInternal: write.test ? "Y" : "N" })
        .where("repairFacilityId", "=", write.shopId)
        .execute();
      return;
  }
}

/** A table's rows as sorted lines, rows whose counts are all zero left out (a group that emptied may stay at zero). */
function lines(rows: Array<Record<string, unknown>>, key: string[], counts: string[]): string[] {
  return rows
    .filter((row) => counts.some((count) => Number(row[count]) !== 0))
    .map((row) =>
      [
        ...key.map((column) => (row[column] instanceof Date ? (row[column] as Date).toISOString() : String(row[column]))),
        ...counts.map((count) => Number(row[count])),
      ].join(" | "),
    )
    .sort();
}

/** The summary tables and the same GROUP BY of the raw rows, as comparable lines. */
interface SummaryLines {
  figures: string[];
  shopDays: string[];
  testShopFigures: string[];
}

export async function summaryAndRaw(): Promise<{ summary: SummaryLines; raw: SummaryLines }> {
  const db = getDb();
  const dialect = getDialect();
  // The portal's Kysely turns result columns into camelCase.
  const figureKey = ["bucket", "providerId", "status", "scanType"];
  const figureCounts = ["requests", "durationMsSum", "durationCount"];
  const shopKey = ["bucket", "providerId", "shopId"];
  const read = async (text: string) => (await sql<Record<string, unknown>>`${sql.raw(text)}`.execute(db)).rows;
  return {
    summary: {
      figures: lines(await read("select * from scan_request_figures"), figureKey, figureCounts),
      shopDays: lines(await read("select * from scan_request_shop_days"), shopKey, ["successful"]),
      testShopFigures: lines(await read("select * from scan_request_test_shop_figures"), figureKey, figureCounts),
    },
    raw: {
      figures: lines(await read(figuresFromRawSql(dialect)), figureKey, figureCounts),
      shopDays: lines(await read(shopDaysFromRawSql(dialect)), shopKey, ["successful"]),
      testShopFigures: lines(await read(testShopFiguresFromRawSql(dialect)), figureKey, figureCounts),
    },
  };
}
