import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

const expectedTables = [
  "adoption_report_months",
  "adoption_report_rows",
  "application_third_party_software",
  "application_versions",
  "applications",
  "audit_log",
  "configurations",
  "device_registrations",
  "error_files",
  "error_records",
  "etl_variables",
  "form_submissions",
  "identity_secrets",
  "invoice_line_items",
  "invoices",
  "oidc_payloads",
  "provider_routings",
  "providers",
  "quote_attachments",
  "quote_service_lines",
  "quotes",
  "report_attachments",
  "scan_request_details",
  "scan_request_figures",
  "scan_request_shop_days",
  "scan_request_test_shop_figures",
  "scan_requests",
  "scan_responses",
  "sessions",
  "shop_registrations",
  "shops",
  "sign_in_failures",
  "special_function_info",
  "transaction_documents",
  "user_preferences",
  "users",
];

describe.each(testDialects)("migrations on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect, { migrate: false });
  });
  afterAll(async () => t?.cleanup());

  it("creates every table of the specification, and a second run changes nothing", async () => {
    expect(await migrateToLatest(t.database)).toEqual([
      "0001-initial",
      "0002-identity",
      "0003-resend-requests",
      "0004-grid-indexes",
      "0005-sign-in-throttle",
      "0006-admin",
      "0007-registrations-without-shop",
      "0008-dashboard-indexes",
      "0009-scan-figures",
      "0010-summary-sqlite-indexes",
      "0011-summary-indexes-with-provider",
      "0012-audit-chain",
      "0013-audit-outcome",
      "0014-scan-request-window-indexes",
      "0015-test-shop-figures",
      "0016-service-name-index",
    ]);
    const tables = (await t.database.db.introspection.getTables()).map((table) => table.name).sort();
    expect(tables).toEqual(expectedTables);
    expect(await migrateToLatest(t.database)).toEqual([]);
  });

  it("indexes the scan requests for the grids: the date window with every filtered column, for every provider and for one, VIN, license and service name with the date", async () => {
    const indexes = await scanRequestIndexes(t);
    expect(indexes).toEqual(
      expect.arrayContaining([
        "scan_requests_created_filters",
        dialect === "postgres" ? "scan_requests_vin_pattern" : "scan_requests_vin_created",
        "scan_requests_license_created",
        "scan_requests_provider_filters",
        "scan_requests_shop_window",
        "scan_requests_status_scope",
        "scan_requests_service_window",
      ]),
    );
    expect(indexes).not.toContain("scan_requests_created");
    expect(indexes).not.toContain("scan_requests_vin");
    expect(indexes).not.toContain("scan_requests_license");
    expect(indexes).not.toContain("scan_requests_provider_created");
    expect(indexes).not.toContain("scan_requests_status_created");
    expect(indexes).not.toContain("scan_requests_provider_scope");
    expect(indexes).not.toContain("scan_requests_shop_created");
    if (dialect === "postgres") expect(indexes).not.toContain("scan_requests_vin_created");
  });

  it("returns the same JavaScript values on both databases", async () => {
    const { db } = t.database;
    const now = "2026-03-04T05:06:07.089Z";
    await db
      .insertInto("providers")
      .values({
        providerId: 7,
        providerName: "Acme Diagnostics",
        providerType: "SCAN",
        providerCd: "ACME",
        version: "2.0",
        vehicleMakes: JSON.stringify(["FORD", "GM"]),
        createdDateTime: now,
        updatedDateTime: now,
      })
      .execute();
    const provider = await db.selectFrom("providers").selectAll().where("providerId", "=", 7).executeTakeFirstOrThrow();
    expect(provider.createdDateTime).toBe(now);
    expect(provider.isActive).toBe(1);
    expect(provider.rowVersion).toBe(1);
    expect(JSON.parse(provider.vehicleMakes)).toEqual(["FORD", "GM"]);

    const count = await db
      .selectFrom("providers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);

    await db
      .insertInto("shops")
      .values({
        repairFacilityId: 501,
        masterLocationId: "ML-501",
        custName: "Main Street Collision",
        latitude: 41.8781,
        docTimestamp: now,
        createdDatetime: now,
        updatedDatetime: now,
      })
      .execute();
    await db
      .insertInto("scanRequests")
      .values({
        providerId: 7,
        shopId: 501,
        scanType: "Scan",
        status: "COMPLETED",
        type: "diagnostics",
        createdDateTime: now,
        lastModifiedDateTime: now,
      })
      .execute();
    const request = await db.selectFrom("scanRequests").selectAll().executeTakeFirstOrThrow();
    expect(request.scanRequestId).toBe(1);
    expect(request.isBillable).toBe(1);
    const invoice = {
      invoiceId: "INV1_1",
      scanRequestId: request.scanRequestId,
      createdDateTime: now,
      invoiceStatus: "SENT",
      invoiceListPrice: 125.5,
      invoiceNetPrice: 99.99,
    };
    await db.insertInto("invoices").values(invoice).execute();
    const stored = await db.selectFrom("invoices").selectAll().executeTakeFirstOrThrow();
    expect(stored.invoiceListPrice).toBe(125.5);
    expect(stored.invoiceNetPrice).toBe(99.99);
    const shop = await db.selectFrom("shops").select(["latitude", "isInternal"]).executeTakeFirstOrThrow();
    expect(shop).toEqual({ latitude: 41.8781, isInternal: "N" });
  });

  it("refuses values outside the rules the schema enforces", async () => {
    const { db } = t.database;
    const now = new Date().toISOString();
    await expect(
      db
        .insertInto("configurations")
        .values({ configKey: "X", configValueType: "YAML" as "JSON", createdDateTime: now, updatedDateTime: now })
        .execute(),
    ).rejects.toThrow();
    await db.insertInto("configurations").values({ configKey: "DUP", configValueType: "TEXT", createdDateTime: now, updatedDateTime: now }).execute();
    await expect(
      db.insertInto("configurations").values({ configKey: "DUP", configValueType: "TEXT", createdDateTime: now, updatedDateTime: now }).execute(),
    ).rejects.toThrow();
    await expect(
      sql`insert into providers (provider_id, provider_name, provider_type, provider_cd, version, created_date_time, updated_date_time, vin_billing_interval_days)
          values (8, 'P', 'T', 'C', '2.0', ${now}, ${now}, 400)`.execute(db),
    ).rejects.toThrow();
  });
});

/** The names of the indexes on scan_requests, read from the database's own catalogue. */
async function scanRequestIndexes(t: TestDatabase): Promise<string[]> {
  const native = t.database.native;
  if (native.dialect === "postgres") {
    const result = await native.pool.query<{ indexname: string }>("select indexname from pg_indexes where tablename = 'scan_requests'");
    return result.rows.map((row) => row.indexname);
  }
  return native.sqlite.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'scan_requests'").pluck().all() as string[];
}
