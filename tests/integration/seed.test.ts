import fs from "node:fs";
import path from "node:path";
import { verify } from "@node-rs/argon2";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRequiredRolesForPages } from "~/auth/page-access";
import { PDF_SAVED_SUFFIX } from "~/integrations/cccone/answers";
import {
  CLIENT_TYPES,
  INVOICE_STATUSES,
  PROCESS_STATUSES,
  PROVIDER_SCAN_STATUSES,
  QUOTE_STATUSES,
  REQUEST_TYPES,
  SCAN_PHASES,
  SCAN_TYPES,
} from "~/modules/transactions/vocabulary";
import { isDatabaseEmpty, seedDatabase, seedIfEmpty, type SeedOptions, type SeedSummary } from "../../seed/index.server";
import { US_STATES } from "../../seed/reference/places";
import { SHOWCASE_SIZE } from "../../seed/requests/plan";
import { SEED_TABLES, sqlColumns, sqlName } from "../../seed/store/columns";
import { isValidVin } from "../../seed/vin";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { tableDigests } from "../support/table-digest";

const SCALE = 400;
/** A Wednesday: full weekday volume on the last day. */
const ANCHOR = new Date("2026-06-17T00:00:00.000Z");
const PASSWORD = "test-demo-password";
const DIGEST_OPTIONS = { presenceOnly: { users: ["passwordHash"] } };

/** The names of the fields that are empty (null, undefined or ""), so a failure says which. */
function missingFields(fields: Record<string, string | number | null | undefined>): string[] {
  return Object.entries(fields)
    .filter(([, value]) => value === null || value === undefined || value === "")
    .map(([name]) => name);
}

const PDF_MAGIC = Buffer.from("%PDF-");
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function options(t: TestDatabase, extra: Partial<SeedOptions> = {}): SeedOptions {
  return { scale: SCALE, dataDir: t.dataDir, demoPassword: PASSWORD, anchor: ANCHOR, ...extra };
}

function distinct<T>(values: readonly T[]): Set<T> {
  return new Set(values);
}

function json<T = unknown>(text: string | null): T {
  if (text === null) throw new Error("expected JSON text, got null");
  return JSON.parse(text) as T;
}

const digestsByDialect = new Map<string, Record<string, string>>();

describe.each(testDialects)("demo data on %s", (dialect) => {
  let seeded: TestDatabase;
  let twin: TestDatabase;
  let summary: SeedSummary;

  beforeAll(async () => {
    seeded = await createTestDatabase(dialect);
    twin = await createTestDatabase(dialect);
    summary = await seedDatabase(seeded.database, options(seeded));
    await seedDatabase(twin.database, options(twin));
  });
  afterAll(async () => {
    await seeded?.cleanup();
    await twin?.cleanup();
  });

  const db = () => seeded.database.db;

  describe("seeding", () => {
    it("reports what it wrote", async () => {
      expect(summary.scanRequests).toBe(SCALE);
      const requests = await db()
        .selectFrom("scanRequests")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(requests.n).toBe(SCALE);
      expect(summary.counts.scanRequests).toBe(SCALE);
      expect(summary.counts.transactionDocuments).toBeGreaterThan(SCALE * 3);
    });

    it("writes every column of every seeded table", async () => {
      const tables = await seeded.database.db.introspection.getTables();
      for (const table of SEED_TABLES) {
        const columns = tables.find((t) => t.name === sqlName(table))?.columns.map((c) => c.name);
        expect([...(columns ?? [])].sort(), table).toEqual([...sqlColumns(table)].sort());
      }
    });

    it("gives identical data for the same scale and anchor", async () => {
      const first = await tableDigests(seeded.database, SEED_TABLES, DIGEST_OPTIONS);
      const second = await tableDigests(twin.database, SEED_TABLES, DIGEST_OPTIONS);
      expect(second).toEqual(first);
      digestsByDialect.set(dialect, first);
    });

    it("gives different data for another anchor", async () => {
      const other = await createTestDatabase(dialect);
      try {
        await seedDatabase(other.database, options(other, { scale: 50, anchor: new Date("2026-01-07T00:00:00Z") }));
        const rows = await other.database.db.selectFrom("scanRequests").select("createdDateTime").orderBy("scanRequestId").execute();
        const last = Date.parse(rows[rows.length - 1].createdDateTime);
        expect(last).toBeLessThan(Date.UTC(2026, 0, 8));
        expect(last).toBeGreaterThan(Date.UTC(2025, 11, 20));
        expect(Date.parse(rows[0].createdDateTime)).toBeGreaterThanOrEqual(Date.UTC(2024, 11, 7));
        const first = await tableDigests(seeded.database, ["scanRequests"]);
        expect(await tableDigests(other.database, ["scanRequests"])).not.toEqual(first);
      } finally {
        await other.cleanup();
      }
    });

    it("when lean, leaves out the message documents and report rows of all but the newest requests, and nothing else", async () => {
      const lean = await createTestDatabase(dialect);
      const detailedNewest = 100;
      try {
        const leanSummary = await seedDatabase(lean.database, options(lean, { lean: { detailedNewest } }));
        expect(leanSummary.counts.scanRequests).toBe(SCALE);
        const oldestDetailed = SCALE - detailedNewest + 1;
        const requestIdsOf = async (database: TestDatabase, table: "transactionDocuments" | "reportAttachments") =>
          (await database.database.db.selectFrom(table).select("scanRequestId").where("scanRequestId", "is not", null).distinct().execute()).map((row) =>
            Number(row.scanRequestId),
          );
        for (const table of ["transactionDocuments", "reportAttachments"] as const) {
          const full = await requestIdsOf(seeded, table);
          const kept = await requestIdsOf(lean, table);
          expect(kept.length, table).toBeGreaterThan(detailedNewest / 2);
          expect(
            kept.every((id) => id >= oldestDetailed),
            table,
          ).toBe(true);
          expect(
            kept.sort((a, b) => a - b),
            table,
          ).toEqual(full.filter((id) => id >= oldestDetailed).sort((a, b) => a - b));
        }
        expect(leanSummary.counts.transactionDocuments).toBeLessThan(summary.counts.transactionDocuments / 2);
        // The same draws from every random stream: each other table is the full seed's, row for row.
        const others = SEED_TABLES.filter((table) => table !== "transactionDocuments" && table !== "reportAttachments");
        expect(await tableDigests(lean.database, others, DIGEST_OPTIONS)).toEqual(await tableDigests(seeded.database, others, DIGEST_OPTIONS));
      } finally {
        await lean.cleanup();
      }
    });

    it("dates nothing after the seeding instant: a start at 15:42 ends at 15:42, and so does one on the real clock", async () => {
      const seededAt = new Date("2026-06-17T15:42:00.000Z");
      const cut = await createTestDatabase(dialect);
      try {
        await seedDatabase(cut.database, { scale: 300, dataDir: cut.dataDir, demoPassword: PASSWORD, now: seededAt });
        const { latest, count } = await latestSeededInstant(cut);
        expect(count).toBeGreaterThan(10_000);
        expect(latest.value <= seededAt.toISOString(), `${latest.where}: ${latest.value}`).toBe(true);
        // The newest requests are from the last hours before it, and the oldest 13 months before.
        const rows = await cut.database.db.selectFrom("scanRequests").select("createdDateTime").orderBy("scanRequestId").execute();
        expect(Date.parse(rows[rows.length - 1].createdDateTime)).toBeGreaterThan(seededAt.getTime() - 6 * 3_600_000);
        expect(Date.parse(rows[0].createdDateTime)).toBeGreaterThanOrEqual(Date.UTC(2025, 4, 17));
      } finally {
        await cut.cleanup();
      }

      const now = await createTestDatabase(dialect);
      try {
        await seedDatabase(now.database, { scale: 60, dataDir: now.dataDir, demoPassword: PASSWORD });
        const afterSeeding = new Date().toISOString();
        const { latest } = await latestSeededInstant(now);
        expect(latest.value <= afterSeeding, `${latest.where}: ${latest.value}`).toBe(true);
      } finally {
        await now.cleanup();
      }
    });

    it("seedIfEmpty leaves a seeded database as it was", async () => {
      const before = await tableDigests(seeded.database, SEED_TABLES, DIGEST_OPTIONS);
      expect(await isDatabaseEmpty(seeded.database)).toBe(false);
      expect(await seedIfEmpty(seeded.database, options(seeded))).toBeNull();
      await expect(seedDatabase(seeded.database, options(seeded))).rejects.toThrow(/already has data/);
      expect(await tableDigests(seeded.database, SEED_TABLES, DIGEST_OPTIONS)).toEqual(before);
    });

    it("leaves nothing behind when it fails halfway, and can seed afterwards", async () => {
      const fresh = await createTestDatabase(dialect);
      try {
        const indexesBefore = await indexNames(fresh);
        const failing = options(fresh, {
          scale: 60,
          log: (message) => {
            if (message.includes("building indexes")) throw new Error("disk full (simulated)");
          },
        });
        await expect(seedIfEmpty(fresh.database, failing)).rejects.toThrow("disk full (simulated)");
        expect(await isDatabaseEmpty(fresh.database)).toBe(true);
        expect(await indexNames(fresh)).toEqual(indexesBefore);
        const retried = await seedIfEmpty(fresh.database, options(fresh, { scale: 60 }));
        expect(retried?.scanRequests).toBe(60);
        expect(await isDatabaseEmpty(fresh.database)).toBe(false);
      } finally {
        await fresh.cleanup();
      }
    });

    it.runIf(dialect === "sqlite")("leaves SQLite in WAL mode, also when another connection had the file open", async () => {
      const native = seeded.database.native;
      expect(native.dialect === "sqlite" && native.sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
      const fresh = await createTestDatabase("sqlite");
      const other = fresh.database.native.dialect === "sqlite" ? new Database(fresh.database.native.sqlite.name) : null;
      try {
        other?.prepare("select count(*) from providers").get();
        await seedDatabase(fresh.database, options(fresh, { scale: 30 }));
        expect(other?.prepare("select count(*) from scan_requests").pluck().get()).toBe(30);
        expect(other?.pragma("journal_mode", { simple: true })).toBe("wal");
      } finally {
        other?.close();
        await fresh.cleanup();
      }
    });

    it("rolls back when the database refuses a row in the middle of the load (a deployment's trigger keeps guarding it)", async () => {
      const fresh = await createTestDatabase(dialect);
      try {
        // Fresh databases accept every seeded row; this trigger refuses the newest requests. The
        // seed suspends only the summary's own triggers (migration 0009), so this one still fires.
        if (dialect === "postgres") {
          await sql`create function refuse_late() returns trigger language plpgsql as $$ begin raise exception 'refuse_late'; end $$`.execute(
            fresh.database.db,
          );
          await sql`create trigger refuse_late before insert on scan_requests for each row when (new.scan_request_id > 300) execute function refuse_late()`.execute(
            fresh.database.db,
          );
        } else {
          await sql`create trigger refuse_late before insert on scan_requests when new.scan_request_id > 300 begin select raise(abort, 'refuse_late'); end`.execute(
            fresh.database.db,
          );
        }
        await expect(seedDatabase(fresh.database, options(fresh))).rejects.toThrow(/refuse_late/);
        expect(await isDatabaseEmpty(fresh.database)).toBe(true);
      } finally {
        await fresh.cleanup();
      }
    });

    it.runIf(dialect === "postgres")("rolls back when a check constraint refuses a row in the middle of the load", async () => {
      const fresh = await createTestDatabase(dialect);
      try {
        await sql`alter table scan_requests add constraint refuse_late check (scan_request_id <= 300)`.execute(fresh.database.db);
        await expect(seedDatabase(fresh.database, options(fresh))).rejects.toThrow(/refuse_late/);
        expect(await isDatabaseEmpty(fresh.database)).toBe(true);
      } finally {
        await fresh.cleanup();
      }
    });

    it("rolls back when generation fails while a batch is still being written", async () => {
      const fresh = await createTestDatabase(dialect);
      try {
        const failing = options(fresh, {
          scale: 10_000,
          log: (message) => {
            if (message.includes("5000 of 10000")) throw new Error("generator failure (simulated)");
          },
        });
        await expect(seedDatabase(fresh.database, failing)).rejects.toThrow("generator failure (simulated)");
        expect(await isDatabaseEmpty(fresh.database)).toBe(true);
      } finally {
        await fresh.cleanup();
      }
    });

    it("keeps the grid indexes and lets the database number new rows after the seeded ids", async () => {
      expect(await indexNames(seeded)).toEqual(await indexNames(twin));
      expect(await indexNames(seeded)).toEqual(
        expect.arrayContaining([
          "scan_requests_created_filters",
          dialect === "postgres" ? "scan_requests_vin_pattern" : "scan_requests_vin_created",
          "transaction_documents_request",
        ]),
      );
      const now = new Date().toISOString();
      const maxRequest = await db()
        .selectFrom("scanRequests")
        .select((eb) => eb.fn.max("scanRequestId").as("id"))
        .executeTakeFirstOrThrow();
      const inserted = await db()
        .insertInto("scanRequests")
        .values({
          providerId: 1001,
          shopId: 104001,
          scanType: "Scan",
          status: "SUBMITTED",
          type: "diagnostics",
          createdDateTime: now,
          lastModifiedDateTime: now,
        })
        .returning("scanRequestId")
        .executeTakeFirstOrThrow();
      expect(inserted.scanRequestId).toBe(Number(maxRequest.id) + 1);
      const document = await db()
        .insertInto("transactionDocuments")
        .values({
          scanRequestId: inserted.scanRequestId,
          createdTimestamp: now,
          messageDirection: "INBOUND",
          transactionType: "SCAN_REQUEST",
          messageType: "request",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(document.id).toBeGreaterThan(summary.counts.transactionDocuments);
      const config = await db()
        .insertInto("configurations")
        .values({ configKey: "AFTER_SEED", configValueType: "TEXT", configValue: "x", createdDateTime: now, updatedDateTime: now })
        .returning("configId")
        .executeTakeFirstOrThrow();
      expect(config.configId).toBe(summary.counts.configurations + 1);
      await db().deleteFrom("configurations").where("configId", "=", config.configId).execute();
      await db().deleteFrom("scanRequests").where("scanRequestId", "=", inserted.scanRequestId).execute();
    });
  });

  describe("scan requests", () => {
    it("use every value of the transaction vocabulary", async () => {
      const rows = await db()
        .selectFrom("scanRequests")
        .select(["status", "scanType", "scanPhase", "type", "clientType", "invoiceStatus", "isBillable", "providerScanStatus"])
        .execute();
      expect(distinct(rows.map((r) => r.status))).toEqual(distinct(PROCESS_STATUSES));
      expect(distinct(rows.map((r) => r.scanType))).toEqual(distinct(SCAN_TYPES));
      expect(distinct(rows.map((r) => r.scanPhase))).toEqual(distinct(SCAN_PHASES));
      expect(distinct(rows.map((r) => r.type))).toEqual(distinct(REQUEST_TYPES));
      expect(distinct(rows.map((r) => r.clientType))).toEqual(distinct(CLIENT_TYPES));
      expect(distinct(rows.flatMap((r) => (r.invoiceStatus ? [r.invoiceStatus] : [])))).toEqual(distinct(INVOICE_STATUSES));
      expect(distinct(rows.map((r) => r.isBillable))).toEqual(distinct([0, 1]));
      expect(distinct(rows.map((r) => r.providerScanStatus))).toEqual(distinct(PROVIDER_SCAN_STATUSES));
    });

    it("are mostly diagnostics Scans, in realistic proportions", async () => {
      // The newest requests (the showcase) cycle through every value; the others follow the weights.
      const rows = await db()
        .selectFrom("scanRequests")
        .select(["scanType", "type"])
        .where("scanRequestId", "<=", SCALE - SHOWCASE_SIZE)
        .execute();
      const count = (scanType: string) => rows.filter((r) => r.scanType === scanType).length;
      expect(count("Scan")).toBeGreaterThan(rows.length * 0.5);
      expect(count("Calibration")).toBeGreaterThan(Math.max(count("Programming"), count("Adas")));
      expect(count("Sublet")).toBeLessThan(Math.min(count("Calibration"), count("Programming"), count("Adas")));
      const services = rows.filter((r) => r.type === "services").length;
      expect(services).toBeGreaterThan(rows.length * 0.15);
      expect(services).toBeLessThan(rows.length * 0.5);
    });

    it("span the 13 months that end on the anchor day, busier towards the end", async () => {
      const rows = await db().selectFrom("scanRequests").select(["scanRequestId", "createdDateTime"]).orderBy("scanRequestId").execute();
      const times = rows.map((r) => Date.parse(r.createdDateTime));
      const start = Date.UTC(2025, 4, 17);
      expect(Math.min(...times)).toBeGreaterThanOrEqual(start);
      expect(Math.min(...times)).toBeLessThan(start + 10 * 86_400_000);
      expect(rows[rows.length - 1].createdDateTime.slice(0, 10)).toBe("2026-06-17");
      expect(Math.max(...times)).toBeLessThan(Date.UTC(2026, 5, 18));
      // Ids follow creation time.
      for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThanOrEqual(times[i - 1]);
      const firstQuarter = times.filter((t) => t < start + 91 * 86_400_000).length;
      const lastQuarter = times.filter((t) => t >= Date.UTC(2026, 5, 18) - 91 * 86_400_000).length;
      expect(lastQuarter).toBeGreaterThan(firstQuarter * 1.5);
    });

    it("carry valid VINs, vehicles and the shop's name and license", async () => {
      const rows = await db()
        .selectFrom("scanRequests as r")
        .innerJoin("shops as s", "s.repairFacilityId", "r.shopId")
        .select([
          "r.vin",
          "r.year",
          "r.make",
          "r.model",
          "r.bodyStyle",
          "r.engine",
          "r.shopName",
          "r.licenseNo",
          "s.custName",
          "s.licenseNum",
          "r.serviceUid",
          "r.providerScanType",
          "r.providerServiceName",
          "r.repairOrderNo",
          "r.masterId",
        ])
        .execute();
      expect(rows).toHaveLength(SCALE);
      for (const row of rows) {
        expect(row.vin && isValidVin(row.vin), row.vin ?? "null").toBe(true);
        expect(row.year).toBeGreaterThanOrEqual(2013);
        expect(row.year).toBeLessThanOrEqual(2027);
        const required = {
          make: row.make,
          model: row.model,
          bodyStyle: row.bodyStyle,
          serviceUid: row.serviceUid,
          providerScanType: row.providerScanType,
          providerServiceName: row.providerServiceName,
        };
        expect(missingFields(required), row.vin ?? "null").toEqual([]);
        expect(row.shopName).toBe(row.custName);
        expect(row.licenseNo).toBe(row.licenseNum);
      }
      expect(rows.some((r) => r.engine === null)).toBe(true);
      expect(rows.some((r) => r.repairOrderNo === null)).toBe(true);
      expect(rows.filter((r) => r.masterId !== null).length).toBeGreaterThan(10);
    });

    it("come from shops registered with their provider, the demo provider's most of all", async () => {
      const unregistered = await sql<{ n: number }>`
        select count(*) as n from scan_requests r
         where not exists (select 1 from shop_registrations g where g.provider_id = r.provider_id and g.shop_id = r.shop_id)`.execute(db());
      expect(Number(unregistered.rows[0].n)).toBe(0);
      const byProvider = await db()
        .selectFrom("scanRequests")
        .select(["providerId", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("providerId")
        .orderBy("n", "desc")
        .execute();
      const demo = await db().selectFrom("users").select("companyId").where("login", "=", "provider").executeTakeFirstOrThrow();
      expect(byProvider[0].providerId).toBe(demo.companyId);
    });

    it("have details with timings, a shop user and CCC ONE responses", async () => {
      const rows = await db()
        .selectFrom("scanRequests as r")
        .innerJoin("scanRequestDetails as d", "d.scanRequestId", "r.scanRequestId")
        .select([
          "r.status",
          "r.shopId",
          "d.createdUserId",
          "d.device",
          "d.appId",
          "d.responseWaitTime",
          "d.ccconeResponse",
          "d.ccconeResponseStatus",
          "d.scanStartTimeStamp",
          "d.scanEndTimeStamp",
          "d.retryCount",
        ])
        .execute();
      expect(rows).toHaveLength(SCALE);
      for (const row of rows) {
        expect(row.createdUserId?.startsWith(`${row.shopId}.`)).toBe(true);
        expect(missingFields({ device: row.device, appId: row.appId }), row.createdUserId ?? "null").toEqual([]);
      }
      const completed = rows.filter((r) => r.status === "COMPLETED" && r.ccconeResponse !== null);
      expect(completed.filter((r) => r.ccconeResponse?.endsWith(PDF_SAVED_SUFFIX)).length).toBeGreaterThan(completed.length * 0.8);
      expect(completed.some((r) => !r.ccconeResponse?.endsWith(PDF_SAVED_SUFFIX))).toBe(true);
      const cccErrors = rows.filter((r) => r.status === "COMPLETED (CCCONE Error)");
      expect(cccErrors.length).toBeGreaterThan(0);
      for (const row of cccErrors) expect(row.ccconeResponseStatus).toBe("ERROR");
      for (const row of rows.filter((r) => r.responseWaitTime !== null)) expect(row.responseWaitTime).toBeGreaterThan(60_000);
      // Scans take minutes, not days (decision 0070): at most two hours of scanning, a result within 130 minutes.
      for (const row of rows) {
        if (row.scanStartTimeStamp && row.scanEndTimeStamp)
          expect(Date.parse(row.scanEndTimeStamp) - Date.parse(row.scanStartTimeStamp)).toBeLessThanOrEqual(120 * 60_000);
        if (row.responseWaitTime !== null) expect(row.responseWaitTime).toBeLessThanOrEqual(130 * 60_000);
      }
      expect(rows.some((r) => r.scanStartTimeStamp === null) && rows.some((r) => r.scanEndTimeStamp !== null)).toBe(true);
    });
  });

  describe("scan responses", () => {
    it("exist for most completed requests and link both ways", async () => {
      const rows = await db()
        .selectFrom("scanRequests as r")
        .leftJoin("scanResponses as s", "s.scanRequestId", "r.scanRequestId")
        .select(["r.status", "r.scanResponseId", "s.scanResponseId as responseId"])
        .execute();
      for (const row of rows) expect(row.scanResponseId).toBe(row.responseId ?? null);
      const completed = rows.filter((r) => r.status === "COMPLETED");
      expect(completed.filter((r) => r.responseId !== null).length).toBeGreaterThan(completed.length * 0.9);
      expect(rows.filter((r) => r.status.startsWith("FAILED") || r.status === "CANCELLED").every((r) => r.responseId === null)).toBe(true);
    });

    it("hold results in the shape of the specification", async () => {
      const rows = await db().selectFrom("scanResponses").select(["scanType", "scanResultDetails", "primaryImpactCd", "secondaryImpactCd"]).execute();
      const topKeys = [
        "calibrationData",
        "make",
        "model",
        "modules",
        "primaryImpactCd",
        "programmingData",
        "scanCompleteDateTime",
        "secondaryImpactCd",
        "services",
        "sublet",
        "vin",
        "year",
      ];
      let modulesWithCodes = 0;
      let modulesWithoutCodes = 0;
      for (const row of rows) {
        const details = json<
          Record<string, unknown> & { modules: Record<string, unknown>[]; services: Record<string, unknown>[]; sublet: Record<string, unknown>[] }
        >(row.scanResultDetails);
        expect(Object.keys(details).sort()).toEqual(topKeys);
        for (const module of details.modules) {
          expect(Object.keys(module).sort()).toEqual(["datalist", "dtc", "moduleName", "scanStatus", "specialFunctions"]);
          const dtc = module.dtc as Record<string, unknown>[];
          if (dtc.length > 0) modulesWithCodes++;
          else modulesWithoutCodes++;
          for (const code of dtc) expect(Object.keys(code).every((k) => ["code", "type", "description"].includes(k))).toBe(true);
          for (const fn of module.specialFunctions as Record<string, unknown>[])
            expect(Object.keys(fn).sort()).toEqual(["comments", "functionName", "scriptNumber", "status"]);
        }
        for (const service of details.services)
          expect(Object.keys(service).sort()).toEqual(["abbreviation", "description", "location", "notes", "subsystems", "system"]);
        if (row.scanType === "Scan") expect(details.modules.length).toBeGreaterThan(0);
        if (row.scanType === "Calibration" || row.scanType === "Programming" || row.scanType === "Adas") expect(details.services.length).toBeGreaterThan(0);
        if (row.scanType === "Sublet") expect(details.sublet.map((s) => Object.keys(s).sort())).toContainEqual(["description", "serviceType"]);
        if (row.scanType === "Calibration") expect(details.calibrationData).not.toBeNull();
        if (row.scanType === "Programming") expect(details.programmingData).not.toBeNull();
        const primary = json<number[]>(row.primaryImpactCd);
        const secondary = json<number[]>(row.secondaryImpactCd);
        expect(details.primaryImpactCd).toEqual(primary);
        for (const area of [...primary, ...secondary]) expect(area >= 1 && area <= 15).toBe(true);
        expect(primary.filter((area) => secondary.includes(area))).toEqual([]);
      }
      expect(modulesWithCodes).toBeGreaterThan(0);
      expect(modulesWithoutCodes).toBeGreaterThan(0);
    });

    it("name special functions, some of them without published info", async () => {
      const info = new Set((await db().selectFrom("specialFunctionInfo").select("scriptNumber").execute()).map((r) => r.scriptNumber));
      const used = new Set<string>();
      for (const row of await db().selectFrom("scanResponses").select("scanResultDetails").execute()) {
        for (const module of json<{ modules: { specialFunctions: { scriptNumber: string }[] }[] }>(row.scanResultDetails).modules) {
          for (const fn of module.specialFunctions) used.add(fn.scriptNumber);
        }
      }
      expect([...used].filter((script) => info.has(script)).length).toBeGreaterThan(0);
      expect([...used].filter((script) => !info.has(script)).length).toBeGreaterThan(0);
    });
  });

  describe("invoices, quotes and documents", () => {
    it("invoice completed billable requests, with and without line items", async () => {
      const invoices = await db().selectFrom("invoices").selectAll().execute();
      const lines = await db().selectFrom("invoiceLineItems").selectAll().execute();
      const requests = new Map(
        (await db().selectFrom("scanRequests").select(["scanRequestId", "invoiceStatus"]).execute()).map((r) => [r.scanRequestId, r.invoiceStatus]),
      );
      expect(invoices.length).toBeGreaterThan(SCALE / 3);
      for (const invoice of invoices) {
        expect(invoice.invoiceId).toMatch(new RegExp(`^INV${invoice.scanRequestId}_\\d+$`));
        expect(requests.get(invoice.scanRequestId)).toBe(invoice.invoiceStatus);
        expect(invoice.invoiceNetPrice).toBeLessThanOrEqual(invoice.invoiceListPrice ?? 0);
        const own = lines.filter((line) => line.invoiceId === invoice.invoiceId);
        if (own.length > 0) expect(own.reduce((sum, line) => sum + (line.netPrice ?? 0), 0)).toBeCloseTo(invoice.invoiceNetPrice ?? 0, 2);
      }
      const withLines = new Set(lines.map((line) => line.invoiceId));
      expect(invoices.some((i) => !withLines.has(i.invoiceId) && i.invoiceListPrice !== null && i.invoiceNetPrice !== null)).toBe(true);
      expect(invoices.some((i) => withLines.has(i.invoiceId))).toBe(true);
      const responses = invoices.map((i) => i.invoiceResponse ?? "");
      expect(responses.some((r) => r.includes("<soap:Envelope") && r.includes("<AcceptResult>"))).toBe(true);
      expect(responses.some((r) => r.includes("<soap:Envelope") && r.includes("<RejectResult>"))).toBe(true);
    });

    it("link quotes to scan requests both ways, with service lines, attachments and every status", async () => {
      const quotes = await db().selectFrom("quotes").selectAll().execute();
      const requestsWithQuote = await db().selectFrom("scanRequests").select(["scanRequestId", "quoteId"]).where("quoteId", "is not", null).execute();
      expect(distinct(quotes.map((q) => q.status))).toEqual(distinct(QUOTE_STATUSES));
      expect(requestsWithQuote.length).toBeGreaterThan(0);
      for (const request of requestsWithQuote) expect(quotes.find((q) => q.quoteId === request.quoteId)?.scanRequestId).toBe(request.scanRequestId);
      expect(quotes.some((q) => q.scanRequestId === null)).toBe(true);
      const lines = await db().selectFrom("quoteServiceLines").selectAll().execute();
      expect(lines.length).toBeGreaterThanOrEqual(quotes.length);
      for (const line of lines) {
        for (const value of [
          line.system,
          line.subsystem,
          line.location,
          line.type,
          line.category,
          line.serviceUid,
          line.cccProcedureId,
          line.cccProcedureDesc,
          line.retailPrice,
          line.shopCost,
        ]) {
          expect(value).not.toBeNull();
        }
      }
      const attachments = await db().selectFrom("quoteAttachments").selectAll().execute();
      expect(attachments.length).toBeGreaterThan(0);
      for (const attachment of attachments) expectFile(seeded, attachment.storageKey, attachment.fileType === "pdf" ? PDF_MAGIC : PNG_MAGIC);
    });

    it("log the workflow of every request with real message contents", async () => {
      const documents = await db().selectFrom("transactionDocuments").selectAll().orderBy("id").execute();
      const requests = await db().selectFrom("scanRequests").select(["scanRequestId", "scanResponseId", "invoiceStatus", "quoteId"]).execute();
      const byRequest = new Map<number, typeof documents>();
      for (const document of documents) {
        if (document.scanRequestId !== null) byRequest.set(document.scanRequestId, [...(byRequest.get(document.scanRequestId) ?? []), document]);
        if (document.contentType === "application/json") expect(() => json(document.messageContent)).not.toThrow();
        else expect(document.messageContent?.startsWith("<")).toBe(true);
        expect(["INBOUND", "OUTBOUND"]).toContain(document.messageDirection);
        expect(document.appId).toBeTruthy();
      }
      for (const request of requests) {
        const kinds = (byRequest.get(request.scanRequestId) ?? []).map((d) => `${d.transactionType}/${d.messageType}`);
        expect(kinds.slice(0, 2)).toEqual(["SCAN_REQUEST/request", "SCAN_REQUEST/response"]);
        expect(kinds.includes("DIAGNOSTIC_REPORT/request") && kinds.includes("DIAGNOSTIC_REPORT/response")).toBe(request.scanResponseId !== null);
        expect(kinds.includes("INVOICE/request")).toBe(request.invoiceStatus !== null);
      }
      const quoteDocuments = documents.filter((d) => d.quoteId !== null);
      expect(quoteDocuments.length).toBeGreaterThan(0);
      expect(distinct(documents.map((d) => d.transactionType))).toEqual(distinct(["SCAN_REQUEST", "DIAGNOSTIC_REPORT", "INVOICE", "QUOTE"]));
    });

    it("attach result reports as real PDF and PNG files, a few not ready or missing", async () => {
      const reports = await db().selectFrom("reportAttachments").selectAll().execute();
      expect(reports.length).toBeGreaterThan(SCALE / 2);
      expect(distinct(reports.map((r) => r.type))).toEqual(distinct(["Result"]));
      expect(distinct(reports.map((r) => r.fileType))).toEqual(distinct(["pdf", "png"]));
      expect(distinct(reports.map((r) => r.source))).toEqual(distinct(["PROVIDER", "CCCONE"]));
      expect(reports.some((r) => r.storageKey === null)).toBe(true);
      const stored = reports.filter((r): r is typeof r & { storageKey: string } => r.storageKey !== null);
      const missing = stored.filter((r) => !fs.existsSync(path.join(seeded.dataDir, "files", r.storageKey)));
      expect(missing.length).toBeGreaterThan(0);
      expect(missing.length).toBeLessThan(stored.length * 0.05);
      for (const report of stored.filter((r) => !missing.includes(r))) {
        expectFile(seeded, report.storageKey, report.fileType === "pdf" ? PDF_MAGIC : PNG_MAGIC);
      }
      const sample = stored.find((r) => r.fileType === "pdf" && !missing.includes(r));
      const vin = (
        await db()
          .selectFrom("scanRequests")
          .select("vin")
          .where("scanRequestId", "=", sample?.scanRequestId ?? -1)
          .executeTakeFirstOrThrow()
      ).vin;
      expect(fs.readFileSync(path.join(seeded.dataDir, "files", sample?.storageKey ?? "")).toString("latin1")).toContain(`VIN: ${vin}`);
    });
  });

  describe("reference data", () => {
    it("has the 2.0 providers, the AHMC one and one on an older version", async () => {
      const providers = await db().selectFrom("providers").selectAll().execute();
      const current = providers.filter((p) => p.version === "2.0");
      expect(current.length).toBeGreaterThanOrEqual(20);
      expect(providers.filter((p) => p.providerCd === "AHMC")).toHaveLength(1);
      expect(providers.some((p) => p.version !== "2.0")).toBe(true);
      const rules = await db().selectFrom("configurations").select(["configKey", "configValue"]).where("configValueType", "=", "BILLING_RULE").execute();
      const paramsByRule = new Map(rules.map((r) => [r.configKey, json<{ params: { paramName: string }[] }>(r.configValue).params.map((p) => p.paramName)]));
      for (const provider of providers) {
        expect(provider.vinBillingIntervalDays ?? 0).toBeLessThanOrEqual(365);
        expect(() => json(provider.registrationConfig)).not.toThrow();
        expect(Object.keys(json(provider.billingRuleParamValues)).sort()).toEqual(
          [...(paramsByRule.get(provider.billingRuleId ?? "") ?? ["missing rule"])].sort(),
        );
        expect(json<string[]>(provider.scanTypes).length).toBeGreaterThan(0);
        expect(json<string[]>(provider.vehicleMakes).length).toBeGreaterThan(0);
        if (provider.logoStorageKey) expectFile(seeded, provider.logoStorageKey, PNG_MAGIC);
      }
      expect(providers.filter((p) => p.logoStorageKey !== null).length).toBeGreaterThan(providers.length / 2);
      const routings = await db().selectFrom("providerRoutings").selectAll().execute();
      expect(distinct(routings.map((r) => r.providerId)).size).toBe(providers.length);
    });

    it("has about 800 shops in their states, 2% of them internal test shops", async () => {
      const shops = await db().selectFrom("shops").selectAll().execute();
      expect(shops).toHaveLength(800);
      expect(distinct(shops.map((s) => s.masterLocationId)).size).toBe(800);
      expect(distinct(shops.map((s) => s.custName)).size).toBe(800);
      const internal = shops.filter((s) => s.isInternal === "Y");
      expect(internal.length).toBeGreaterThanOrEqual(10);
      expect(internal.length).toBeLessThanOrEqual(24);
      expect(shops.some((s) => s.licenseNum === null)).toBe(true);
      for (const shop of shops) {
        if (shop.licenseNum !== null) expect(shop.licenseNum).toMatch(/^\d{6}$/);
        const state = US_STATES.find((s) => s.code === shop.stateCd);
        expect(state?.name).toBe(shop.state);
        const [south, west, north, east] = state?.bounds ?? [0, 0, 0, 0];
        expect(shop.latitude).toBeGreaterThanOrEqual(south);
        expect(shop.latitude).toBeLessThanOrEqual(north);
        expect(shop.longitude).toBeGreaterThanOrEqual(west);
        expect(shop.longitude).toBeLessThanOrEqual(east);
        expect(shop.tlcmAreaCd).toMatch(/^\d{3}$/);
        expect(shop.tlcmNum).toMatch(/^\d{7}$/);
        expect(shop.primaryEmail).toMatch(/^[a-z]+@[a-z0-9-]+\.example\.com$/);
      }
    });

    it("registers shops and devices, active and inactive, with every provider status", async () => {
      const registrations = await db().selectFrom("shopRegistrations").select(["providerStatus", "isActive"]).execute();
      expect(distinct(registrations.map((r) => r.providerStatus))).toEqual(distinct(["Success", "Pending", "Failed"]));
      expect(distinct(registrations.map((r) => r.isActive))).toEqual(distinct([0, 1]));
      const devices = await db().selectFrom("deviceRegistrations").select(["isActive", "serialNo", "type"]).execute();
      expect(distinct(devices.map((d) => d.isActive))).toEqual(distinct([0, 1]));
      expect(devices.every((d) => d.serialNo.length > 4 && d.type !== null)).toBe(true);
    });

    it("has directory users and the four demo accounts, whose password verifies", async () => {
      const users = await db().selectFrom("users").selectAll().execute();
      expect(users.length).toBeGreaterThanOrEqual(150);
      const expected = {
        admin: { roles: ["DIP_PORTAL", "DIP_ADMIN"], companyId: null },
        power: { roles: ["DIP_PORTAL", "DIP_POWER"], companyId: null },
        provider: { roles: ["DIP_PORTAL", "DIP_PROVIDER"], companyId: 1001 },
        portal: { roles: ["DIP_PORTAL"], companyId: null },
      };
      for (const [login, account] of Object.entries(expected)) {
        const user = users.find((u) => u.login === login);
        expect(user, login).toBeDefined();
        expect(json(user?.dloedrprole ?? null)).toEqual(account.roles);
        expect(user?.companyId).toBe(account.companyId);
        expect(user?.status).toBe("ACTIVE");
        expect(user?.passwordHash?.startsWith("$argon2id$")).toBe(true);
        expect(await verify(user?.passwordHash ?? "", PASSWORD)).toBe(true);
        expect(await verify(user?.passwordHash ?? "", "wrong-password")).toBe(false);
      }
      const providerIds = new Set((await db().selectFrom("providers").select("providerId").execute()).map((p) => p.providerId));
      const directory = users.filter((u) => !(u.login in expected));
      expect(directory.every((u) => u.passwordHash === null)).toBe(true);
      expect(directory.every((u) => /^00u[A-Za-z0-9]{17}$/.test(u.id))).toBe(true);
      expect(directory.some((u) => u.status !== "ACTIVE")).toBe(true);
      for (const user of users) {
        const roles = json<string[]>(user.dloedrprole);
        if (roles.length > 0) expect(roles[0]).toBe("DIP_PORTAL");
        if (roles.includes("DIP_PROVIDER")) {
          expect(providerIds.has(user.companyId ?? -1)).toBe(true);
          expect(user.ldapdn).toContain(`o=${user.companyId},`);
        }
      }
    });

    it("has applications with versions and third-party software", async () => {
      const applications = await db().selectFrom("applications").select("id").execute();
      const versions = await db().selectFrom("applicationVersions").select(["applicationId", "version"]).execute();
      const software = await db().selectFrom("applicationThirdPartySoftware").select("applicationId").execute();
      expect(applications.length).toBeGreaterThan(100);
      expect(versions.length).toBeGreaterThanOrEqual(applications.length * 2);
      expect(distinct(software.map((s) => s.applicationId)).size).toBe(applications.length);
    });

    it("has errors of every origin and type, some with files, and feedback on every topic", async () => {
      const errors = await db().selectFrom("errorRecords").selectAll().execute();
      const combinations = distinct(errors.filter((e) => e.errorCategory !== "FEEDBACK").map((e) => `${e.errorOrigin}/${e.errorType}`));
      for (const origin of ["CLIENT", "API", "ExternalAPI", "WEBSOCKET"])
        for (const type of ["WARN", "ERROR"]) expect(combinations.has(`${origin}/${type}`)).toBe(true);
      const topics = json<{ code: string }[]>(await configValue(seeded, "UI_FEEDBACK_TOPICS")).map((t) => t.code);
      const feedback = errors.filter((e) => e.errorCategory === "FEEDBACK");
      expect(distinct(feedback.map((e) => e.errorCode))).toEqual(distinct(topics));
      const files = await db().selectFrom("errorFiles").selectAll().execute();
      expect(files.length).toBeGreaterThan(0);
      expect(distinct(files.map((f) => path.extname(f.fileName)))).toEqual(distinct([".log", ".png", ".config", ".txt"]));
      for (const file of files) {
        const content = fs.readFileSync(path.join(seeded.dataDir, "files", file.storageKey));
        if (file.fileName.endsWith(".png")) expect(content.subarray(0, 8)).toEqual(PNG_MAGIC);
        else expect(content.length).toBeGreaterThan(0);
      }
    });

    it("has about forty ETL variables", async () => {
      const variables = await db().selectFrom("etlVariables").selectAll().execute();
      expect(variables).toHaveLength(40);
      expect(variables.every((v) => v.etlJobName && v.varChildKey && v.lastUpdateDate)).toBe(true);
    });

    it("reports 12 months of adoption for each registered shop of each 2.0 provider, agreeing with the requests", async () => {
      const rows = await db().selectFrom("adoptionReportRows").selectAll().execute();
      const registrations = await sql<{ n: number }>`
        select count(*) as n from shop_registrations g join providers p on p.provider_id = g.provider_id where p.version = '2.0'`.execute(db());
      expect(rows).toHaveLength(Number(registrations.rows[0].n));
      const months = await db().selectFrom("adoptionReportMonths").selectAll().execute();
      expect(months).toHaveLength(rows.length * 12);
      const expectedMonths = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 5 - 11 + i, 1)).toISOString().slice(0, 10));
      expect([...distinct(months.map((m) => m.monthDt))].sort()).toEqual(expectedMonths);
      for (const month of months) {
        expect(month.uniqueScanCntRoLinked).toBeLessThanOrEqual(month.totalScanCntRoLinked);
        expect(month.totalScanCntRoLinked).toBeLessThanOrEqual(month.totalScanCnt);
        expect(month.uniqueScanCnt).toBeLessThanOrEqual(month.totalScanCnt);
        expect(month.uniqueScanCntRoLinked).toBeLessThanOrEqual(month.totalRoCnt);
      }
      expect(distinct(rows.map((r) => r.trend))).toEqual(distinct([0, 1, null]));
      const scansInLastMonth = await sql<{ n: number }>`
        select count(*) as n from scan_requests r join providers p on p.provider_id = r.provider_id
         where p.version = '2.0' and r.created_date_time >= ${dialect === "postgres" ? "2026-06-01T05:00:00Z" : "2026-06-01T05:00:00.000Z"}`.execute(db());
      // June in America/Chicago (decision 0052) starts at 05:00 UTC.
      const reported = months.filter((m) => m.monthDt === "2026-06-01").reduce((sum, m) => sum + m.totalScanCnt, 0);
      expect(reported).toBe(Number(scansInLastMonth.rows[0].n));
    });
  });

  it("registers about one shop in nine with one more provider in the last five months, none of them scanned yet", async () => {
    const since = new Date(ANCHOR.getTime() - 150 * 86_400_000);
    const recent = (await db().selectFrom("shopRegistrations").select(["providerId", "shopId", "createdDateTime", "isActive"]).execute()).filter(
      (registration) => new Date(registration.createdDateTime) >= since,
    );
    const shops = await db().selectFrom("shops").select("repairFacilityId").execute();
    expect(recent.length).toBeGreaterThan(shops.length / 12);
    expect(recent.every((registration) => registration.isActive === 1)).toBe(true);
    const scanned = await db()
      .selectFrom("scanRequests")
      .select(["providerId", "shopId"])
      .where((eb) => eb.or(recent.map((registration) => eb.and([eb("providerId", "=", registration.providerId), eb("shopId", "=", registration.shopId)]))))
      .execute();
    expect(scanned).toEqual([]);
  });

  describe("configuration", () => {
    it("has every known key with a value of its type", async () => {
      const entries = await db().selectFrom("configurations").selectAll().execute();
      const keys = distinct(entries.map((e) => e.configKey));
      for (const key of [
        "ALL_SUPPORTED_CHANNELS",
        "SCAN_TYPES_RELATION",
        "ALL_USER_ROLES",
        "REQUIRED_ROLES_FOR_PAGES",
        "REQUIRED_APP_LOG_FILES",
        "ALL_VEHICLE_MAKES",
        "UI_FEEDBACK_TOPICS",
        "ALL_PROVIDER_SCAN_TYPES",
        "ALL_PROVIDER_SCAN_PERFORM_TYPES",
        "TRUEPARTS_SAML_URL",
        "ALLOWED_FOR_RESEND_RESULTS",
        "ALLOWED_FOR_RESEND_INVOICE",
        "TRANSACTION_FILTER_OPTIONS",
        "QUOTE_FILTER_OPTIONS",
        "ACCESS_TO_QUOTE",
        "CCC_PROCEDURE_DESC_MAPPINGS",
        "PROVIDER_STATUS_OPTIONS",
        "PROVIDER_SCAN_STATUS_OPTIONS",
        "CCC_SUPPORT_CONTACT_INFO",
        "quoteGrid",
        "quoteDetailsPageButton",
        "quoteItemsInSummary",
      ]) {
        expect(keys.has(key), key).toBe(true);
      }
      for (const entry of entries) {
        if (entry.configValueType === "JSON" || entry.configValueType === "BILLING_RULE") expect(() => json(entry.configValue)).not.toThrow();
        if (entry.configValueType === "LIST_CODE_LABELS") {
          for (const item of json<Record<string, unknown>[]>(entry.configValue)) expect(Object.keys(item).sort()).toEqual(["code", "label"]);
        }
        if (entry.configValueType === "BILLING_RULE") {
          for (const param of json<{ params: { paramName: string; paramLabel: string }[] }>(entry.configValue).params) {
            const words = param.paramLabel.split(" ");
            expect(param.paramName).toBe(words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1).toLowerCase())).join(""));
          }
        }
      }
      expect(entries.filter((e) => e.configValueType === "BILLING_RULE").length).toBeGreaterThan(0);
      expect(entries.some((e) => e.configValueType === "ENCRYPT")).toBe(true);
      for (const key of ["quoteGrid", "quoteDetailsPageButton", "quoteItemsInSummary"]) {
        const entry = entries.find((e) => e.configKey === key);
        expect(entry).toMatchObject({ configValueType: "TEXT", configValue: "true", configGroup: "UI_SETTINGS" });
      }
      expect(entries.find((e) => e.configKey === "CCC_SUPPORT_CONTACT_INFO")?.configValueType).toBe("TEXT");
    });

    it("has REQUIRED_ROLES_FOR_PAGES exactly as agreed", async () => {
      const value = await configValue(seeded, "REQUIRED_ROLES_FOR_PAGES");
      const all = ["DIP_PROVIDER", "DIP_POWER", "DIP_ADMIN", "CCC_Admin"];
      const staff = ["DIP_POWER", "DIP_ADMIN", "CCC_Admin"];
      const admins = ["DIP_ADMIN", "CCC_Admin"];
      const expected: Record<string, string[]> = {
        transactions: all,
        quote: all,
        dashboard: all,
        reports: all,
        scanResults: staff,
        admin: staff,
        userroles: staff,
        providers: staff,
        configuration: staff,
        shopRegistration: staff,
        devices: staff,
        applications: staff,
        feedbackError: staff,
        redshiftETLDashboard: staff,
        // Issue 29: every change in the portal, for the operating company's power users and administrators.
        activity: ["DIP_POWER", "DIP_ADMIN"],
        changingRoleData: admins,
        addingNewProvider: admins,
        changingProviderData: admins,
        devtools: ["DIP_ADMIN"],
      };
      const parsed = parseRequiredRolesForPages(value);
      expect(parsed).not.toBeNull();
      expect(Object.fromEntries((parsed ?? []).map((page) => [page.pageName, page.requiredRoles]))).toEqual(expected);
      expect(parsed).toHaveLength(Object.keys(expected).length);
    });

    it("has the role, resend, filter and access entries the screens read", async () => {
      expect(json<{ label: string }[]>(await configValue(seeded, "ALL_USER_ROLES")).map((r) => r.label)).toEqual([
        "DIP_PORTAL",
        "DIP_PROVIDER",
        "DIP_POWER",
        "DIP_ADMIN",
        "CCC_Admin",
      ]);
      const resend = await db()
        .selectFrom("configurations")
        .select(["configGroupValue", "configValue"])
        .where("configKey", "=", "ALLOWED_FOR_RESEND_RESULTS")
        .execute();
      expect(resend.some((r) => !r.configGroupValue)).toBe(true);
      const specific = resend.find((r) => r.configGroupValue);
      expect(
        await db().selectFrom("providers").select("providerId").where("providerId", "=", Number(specific?.configGroupValue)).executeTakeFirst(),
      ).toBeDefined();
      for (const entry of resend) {
        const value = json<Record<string, unknown>>(entry.configValue);
        expect(Object.keys(value).sort()).toEqual([...SCAN_TYPES].sort());
        expect(Object.values(value).every((v) => typeof v === "boolean")).toBe(true);
      }
      const resendInvoice = json<Record<string, unknown>>(await configValue(seeded, "ALLOWED_FOR_RESEND_INVOICE"));
      expect(Object.keys(resendInvoice).sort()).toEqual([...INVOICE_STATUSES].sort());
      const filters = json<Record<string, unknown[]>>(await configValue(seeded, "TRANSACTION_FILTER_OPTIONS"));
      expect(Object.keys(filters).sort()).toEqual(["billableOptions", "clientTypeOptions", "invoiceStatusOptions", "scanPhaseOptions", "statusOptions"]);
      expect(filters.statusOptions).toEqual([...PROCESS_STATUSES]);
      const quoteFilters = json<{ quoteStatusOptions: string[]; quoteProviderOptions: { code: string; label: string }[] }>(
        await configValue(seeded, "QUOTE_FILTER_OPTIONS"),
      );
      expect(quoteFilters.quoteStatusOptions).toEqual([...QUOTE_STATUSES]);
      expect(quoteFilters.quoteProviderOptions.length).toBeGreaterThan(15);
      expect(json(await configValue(seeded, "ACCESS_TO_QUOTE"))).toEqual({ roles: ["DIP_POWER", "DIP_ADMIN", "CCC_Admin", "DIP_PROVIDER"], providerIds: [] });
      expect(json(await configValue(seeded, "PROVIDER_STATUS_OPTIONS"))).toEqual(["Success", "Pending", "Failed"]);
      expect(json(await configValue(seeded, "PROVIDER_SCAN_STATUS_OPTIONS"))).toEqual([...PROVIDER_SCAN_STATUSES]);
    });
  });
});

describe.runIf(testDialects.includes("postgres"))("demo data on both databases", () => {
  it("is the same on SQLite and PostgreSQL", () => {
    expect(digestsByDialect.get("postgres")).toEqual(digestsByDialect.get("sqlite"));
  });
});

const INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The latest instant anywhere in the demo data: every timestamp and date column, and every
 * instant inside message bodies, JSON and log texts (a date counts as its first moment: the
 * seeding day itself is not after the seeding instant).
 */
async function latestSeededInstant(t: TestDatabase): Promise<{ latest: { value: string; where: string }; count: number }> {
  let latest = { value: "", where: "nothing" };
  let count = 0;
  for (const table of SEED_TABLES) {
    const rows = (await t.database.db.selectFrom(table).selectAll().execute()) as Array<Record<string, unknown>>;
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== "string") continue;
        const instants = DATE.test(value) ? [`${value}T00:00:00.000Z`] : (value.match(INSTANT) ?? []);
        for (const instant of instants) {
          count += 1;
          const iso = new Date(instant).toISOString();
          if (iso > latest.value) latest = { value: iso, where: `${table}.${column}` };
        }
      }
    }
  }
  return { latest, count };
}

async function configValue(t: TestDatabase, key: string): Promise<string> {
  const row = await t.database.db.selectFrom("configurations").select("configValue").where("configKey", "=", key).orderBy("configId").executeTakeFirstOrThrow();
  return row.configValue ?? "";
}

function expectFile(t: TestDatabase, key: string | null, magic: Buffer): void {
  expect(key).not.toBeNull();
  const content = fs.readFileSync(path.join(t.dataDir, "files", key ?? ""));
  expect(content.subarray(0, magic.length)).toEqual(magic);
}

async function indexNames(t: TestDatabase): Promise<string[]> {
  const query =
    t.name === "postgres"
      ? sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`
      : sql<{ name: string }>`select name from sqlite_master where type = 'index' and sql is not null`;
  return (await query.execute(t.database.db)).rows.map((row) => row.name).sort();
}
