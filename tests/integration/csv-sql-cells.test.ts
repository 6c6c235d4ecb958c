import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb, setDatabase } from "~/db/db.server";
import { compileWithLiterals } from "~/db/inline-parameters.server";
import { postgresCopyCsv } from "~/db/row-stream/postgres-copy-csv";
import { CopyCsvChunks } from "~/grid/csv-copy/copy-csv-chunks";
import { csvRecordOf, UTF8_BOM } from "~/grid/csv-record";
import { csvSqlZone, JS_TRIMMED_CODE_POINTS } from "~/grid/csv-sql-cells.server";
import { readExportQuery } from "~/grid/export-query";
import { transactionCells } from "~/modules/transactions/cells";
import { transactionsGrid } from "~/modules/transactions/grid";
import { selectTransactionCsvRecords, selectTransactionExportRows, type TransactionQuery } from "~/modules/transactions/grid-query.server";
import { createTestDatabase, type TestDatabase } from "../support/databases";

/**
 * The export PostgreSQL writes (decision 0097) against the portal's own cells: generated rows, the
 * awkward ones above all (formula triggers, quotes, line breaks, JavaScript's whitespace around
 * licenses, characters above U+FFFF, negative numbers, instants across daylight-saving switches),
 * written both ways in every column; the bytes must be the same.
 */
const ZONES = ["America/Chicago", "Asia/Kolkata", "Australia/Lord_Howe", "Europe/London", "America/St_Johns", "Pacific/Chatham"];
const ALL_COLUMNS = transactionsGrid.columns.map((column) => column.id);

const awkward = fc.constantFrom(
  ",",
  '"',
  "\r",
  "\n",
  "\t",
  "=",
  "+",
  "-",
  "@",
  "'",
  " ",
  "\u00a0",
  "\u3000",
  "\ufeff",
  "\u2028",
  "＝",
  "＋",
  "－",
  "＠",
  "a",
  "1",
  "0",
  "é",
  "😀",
  "\\",
);
const text = fc.oneof(fc.constant(null), fc.constant(""), fc.string({ unit: awkward, maxLength: 8 }), fc.string({ unit: "grapheme", maxLength: 8 }));
const required = fc.oneof(fc.string({ unit: awkward, minLength: 1, maxLength: 6 }), fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }));
const license = fc.oneof(
  fc.constant(null),
  fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "\u00a0", "\u3000", "\ufeff", "\u2029", "1", "0", "9", "=", "-", "😀", "a"), maxLength: 9 }),
  fc.integer({ min: 0, max: 9_999_999 }).map(String),
);
const integer = fc.oneof(fc.constant(null), fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }), fc.integer({ min: -5, max: 3000 }));
/** Instants from 1995 (before the runtime's offsets begin: the database's own rules) to now, and around the switches. */
const NOW = Date.now();
const instant = fc.oneof(
  fc.integer({ min: Date.UTC(1995, 0, 2), max: NOW }),
  fc
    .constantFrom(Date.UTC(2026, 2, 8, 8), Date.UTC(2026, 10, 1, 7), Date.UTC(2025, 3, 5, 15), Date.UTC(2000, 0, 1), Date.UTC(1999, 11, 31, 23, 59, 59))
    .chain((at) => fc.integer({ min: at - 3_600_000, max: at + 3_600_000 })),
);
const request = fc.record({
  masterId: integer,
  providerScanStatus: text,
  licenseNo: license,
  shopName: text,
  repairOrderNo: text,
  createdAt: instant,
  year: integer,
  make: text,
  model: text,
  vin: text,
  scanType: required,
  providerServiceName: text,
  type: required,
  scanPhase: text,
  status: required,
  invoiceStatus: text,
  clientType: text,
  isBillable: fc.constantFrom(0 as const, 1 as const),
});
type GeneratedRequest = typeof request extends fc.Arbitrary<infer Value> ? Value : never;

const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeOnPostgres("the export PostgreSQL writes", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase("postgres");
    setDatabase(t.database);
    const at = new Date().toISOString();
    await getDb()
      .insertInto("providers")
      .values({ providerId: 1, providerName: "Acme", providerType: "SCAN", providerCd: "ACME", version: "1", createdDateTime: at, updatedDateTime: at })
      .execute();
    await getDb()
      .insertInto("shops")
      .values({ repairFacilityId: 1, masterLocationId: "ML-1", custName: "Shop", docTimestamp: at, createdDatetime: at, updatedDatetime: at })
      .execute();
  });

  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
  });

  async function store(providerName: string, requests: readonly GeneratedRequest[]): Promise<void> {
    await getDb().deleteFrom("scanRequests").execute();
    await getDb().updateTable("providers").set({ providerName }).where("providerId", "=", 1).execute();
    if (requests.length === 0) return;
    await getDb()
      .insertInto("scanRequests")
      .values(
        requests.map(({ createdAt, ...fields }, index) => ({
          ...fields,
          scanRequestId: index + 1,
          providerId: 1,
          shopId: 1,
          createdDateTime: new Date(createdAt).toISOString(),
          lastModifiedDateTime: new Date(createdAt).toISOString(),
        })),
      )
      .execute();
  }

  async function bothWays(query: TransactionQuery, columns: readonly string[]): Promise<{ portal: string; database: string; rows: number }> {
    const { rows } = await getDb().executeQuery(selectTransactionExportRows(query).compile());
    const portal = rows.map((row) => csvRecordOf(transactionCells(row, query.timeZone), columns)).join("");
    const native = getDatabase().native;
    if (native.dialect !== "postgres") throw new Error("PostgreSQL only");
    const select = compileWithLiterals(selectTransactionCsvRecords(query, columns, await csvSqlZone(query.timeZone)));
    const copy = await postgresCopyCsv(native.url, select);
    if (!copy) throw new Error("The test database cannot write the portal's CSV");
    const exporting = new CopyCsvChunks(copy, []);
    const pieces: Uint8Array[] = [];
    let rowCount = 0;
    for (let last = false; !last;) {
      const chunk = await exporting.next();
      pieces.push(chunk.bytes);
      rowCount += chunk.rows;
      last = chunk.last;
    }
    expect(rowCount).toBe(rows.length);
    const database = Buffer.concat(pieces).toString("utf8");
    expect(database.startsWith(UTF8_BOM)).toBe(true);
    return { portal, database: database.slice(UTF8_BOM.length), rows: rows.length };
  }

  function queryOf(timeZone: string, filters: Record<string, string[]> = {}): TransactionQuery {
    const url = new URL(`http://portal.test/transactions.csv?from=1995-01-01&cols=${ALL_COLUMNS.join(",")}`);
    const { state } = readExportQuery({ definition: transactionsGrid, url, timeZone });
    return { state: { ...state, filters: { ...state.filters, ...filters } }, timeZone, scope: { restricted: false } };
  }

  it("writes every column of any rows byte for byte as the portal's cells and writer do, in any zone", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 12 }), required, fc.constantFrom(...ZONES), async (requests, providerName, zone) => {
        await store(providerName, requests);
        const { portal, database, rows } = await bothWays(queryOf(zone), ALL_COLUMNS);
        expect(rows).toBe(requests.length);
        expect(database).toBe(portal);
      }),
      { numRuns: 60 },
    );
  });

  it("reads the same rows with its parameters written in: any text in a filter, any columns in any order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 12 }), fc.shuffledSubarray(ALL_COLUMNS, { minLength: 2 }), async (requests, columns) => {
        await store("Acme", requests);
        const makes = requests.map((generated) => generated.make).filter((make): make is string => typeof make === "string" && make !== "");
        const filters: Record<string, string[]> = makes.length > 0 ? { make: [makes[0]] } : {};
        const query = queryOf("America/Chicago", filters);
        const { portal, database, rows } = await bothWays(query, columns);
        expect(database).toBe(portal);
        expect(rows).toBe(makes.length > 0 ? requests.filter((generated) => generated.make === makes[0]).length : requests.length);
      }),
      { numRuns: 40 },
    );
  });

  it("trims a license of exactly the characters JavaScript's trim() removes", () => {
    const trimmed: number[] = [];
    for (let point = 0; point <= 0xffff; point++) {
      if (point >= 0xd800 && point <= 0xdfff) continue;
      if (String.fromCharCode(point).trim() === "") trimmed.push(point);
    }
    expect(JS_TRIMMED_CODE_POINTS).toEqual(trimmed);
  });
});
