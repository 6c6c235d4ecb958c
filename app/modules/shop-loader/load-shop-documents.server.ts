import type { UserClaims } from "~/auth/user-claims";
import { auditedTransaction, recordAudit } from "~/db/audit-log.server";
import { US_STATE_NAMES } from "~/lib/us-state-names";
import { documentProblem, pastedRecords, shopDocumentSchema, type LoadedRecord, type LoadReport, type ShopDocument } from "./shop-document";

/**
 * The shop document loader (dashboards spec §2.8, §5, §6): each pasted record checked, then added
 * to the shop records under its master_location_id unless a shop with that id exists (skipped);
 * license_num zero-padded to 6; the state's name, country USA and the DIP_ADMIN user are fixed.
 * All records are written in one transaction with an audit row each, so a paste lands whole or not
 * at all, and the same paste sent twice adds nothing the second time.
 */
export const SHOP_ENTITY = "shop";
const LOADER_USER = "DIP_ADMIN";
const COUNTRY = "USA";

export type LoadOutcome = { kind: "report"; report: LoadReport } | { kind: "problem"; problem: string };

function shopRow(document: ShopDocument, at: string) {
  return {
    repairFacilityId: document.repair_facility_id,
    masterLocationId: document.master_location_id,
    licenseNum: document.license_num,
    printName: document.print_name,
    custName: document.cust_name,
    primaryEmail: document.primary_email,
    webAddress: document.web_address,
    addrLine1: document.addr_line1,
    addrLine2: document.addr_line2,
    city: document.city,
    stateCd: document.state_cd,
    state: US_STATE_NAMES[document.state_cd] ?? null,
    zip: document.zip,
    zipExtn: document.zip_extn,
    countryCd: COUNTRY,
    latitude: document.latitude,
    longitude: document.longitude,
    isInternal: document.is_internal,
    tags: JSON.stringify(document.tags),
    docVersion: 1,
    docTimestamp: at,
    createdUser: LOADER_USER,
    updatedUser: LOADER_USER,
    createdDatetime: at,
    updatedDatetime: at,
  };
}

function masterLocationIdOf(record: unknown): string | null {
  const value = (record as Record<string, unknown>).master_location_id;
  return typeof value === "string" || typeof value === "number" ? String(value).slice(0, 64) : null;
}

export async function loadShopDocuments(actor: UserClaims, pasted: string, now: Date = new Date()): Promise<LoadOutcome> {
  const read = pastedRecords(pasted);
  if ("problem" in read) return { kind: "problem", problem: read.problem };
  const at = now.toISOString();
  const records = await auditedTransaction(async (trx) => {
    const report: LoadedRecord[] = [];
    for (const [index, record] of read.records.entries()) {
      const position = index + 1;
      const parsed = shopDocumentSchema.safeParse(record);
      if (!parsed.success) {
        report.push({ position, outcome: "refused", masterLocationId: masterLocationIdOf(record), reason: documentProblem(parsed.error) });
        continue;
      }
      const document = parsed.data;
      const existing = await trx
        .selectFrom("shops")
        .select(["masterLocationId", "repairFacilityId"])
        .where((eb) => eb.or([eb("masterLocationId", "=", document.master_location_id), eb("repairFacilityId", "=", document.repair_facility_id)]))
        .executeTakeFirst();
      if (existing?.masterLocationId === document.master_location_id) {
        report.push({ position, outcome: "skipped", masterLocationId: document.master_location_id, reason: "A shop with this master_location_id exists." });
        continue;
      }
      if (existing) {
        report.push({
          position,
          outcome: "refused",
          masterLocationId: document.master_location_id,
          reason: `repair_facility_id ${document.repair_facility_id} is another shop's (master_location_id ${existing.masterLocationId}).`,
        });
        continue;
      }
      const row = shopRow(document, at);
      // A second submit of the same paste, running at once, finds the row written here and skips it.
      const inserted = await trx
        .insertInto("shops")
        .values(row)
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
        report.push({ position, outcome: "skipped", masterLocationId: document.master_location_id, reason: "A shop with this master_location_id exists." });
        continue;
      }
      await recordAudit(trx, {
        actor: actor.login,
        action: "loadShopDocument",
        entity: SHOP_ENTITY,
        entityId: String(document.repair_facility_id),
        before: null,
        after: { ...row, tags: document.tags },
        at: now,
      });
      report.push({ position, outcome: "added", masterLocationId: document.master_location_id, name: document.cust_name });
    }
    return report;
  });
  const count = (outcome: LoadedRecord["outcome"]) => records.filter((record) => record.outcome === outcome).length;
  return { kind: "report", report: { records, added: count("added"), skipped: count("skipped"), refused: count("refused") } };
}
