import { getDb } from "~/db/db.server";
import { formatInstant } from "~/lib/date-format";
import { readRecordHistory } from "~/modules/audit/record-history.server";
import { providerStatus } from "./cells";
import { providerLogoHref, type ProviderDetail } from "./provider-detail";
import { EXCLUDED_PROVIDER_CODE, SELECTABLE_PROVIDER_VERSION } from "./provider-options.server";
import { PROVIDER_ENTITY } from "./save-provider.server";

/** The History's names for a provider's audit fields. */
export const PROVIDER_HISTORY_LABELS: Readonly<Record<string, string>> = {
  providerName: "Provider Name",
  providerType: "Provider Type",
  providerCd: "Provider Code",
  version: "Version",
  notes: "Notes",
  status: "Status",
  vehicleMakes: "Makes",
  scanTypes: "Scan Types",
  scanPerformTypes: "Scan Perform Types",
  nonBillableProcedures: "Non-billable Procedures",
  productCodes: "Product Codes",
  address: "Address",
  city: "City",
  state: "State",
  zip: "Zip",
  country: "Country",
  phone: "Phone",
  fax: "Fax",
  vinBillingIntervalDays: "VIN Billing Interval Days",
  registrationConfig: "Registration Configuration",
  billingRule: "Billing Rule",
  billingValues: "Billing Values",
  routings: "Routings",
  logo: "Logo",
};

function list(json: string | null): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

function numbers(json: string): Record<string, number> {
  try {
    const value: unknown = JSON.parse(json);
    if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
    // Values saved through the portal are numbers; older rows (and the demo data) hold them as text.
    return Object.fromEntries(
      Object.entries(value).flatMap(([name, raw]): Array<[string, number]> => {
        const number = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
        return Number.isFinite(number) ? [[name, number]] : [];
      }),
    );
  } catch {
    return {};
  }
}

/** A listed provider's details (version 2.0, not AHMC), or null. */
export async function findProviderDetail(providerId: number, timeZone: string): Promise<ProviderDetail | null> {
  const row = await getDb()
    .selectFrom("providers")
    .selectAll()
    .where("providerId", "=", providerId)
    .where("version", "=", SELECTABLE_PROVIDER_VERSION)
    .where("providerCd", "!=", EXCLUDED_PROVIDER_CODE)
    .executeTakeFirst();
  if (!row) return null;
  const [routings, history] = await Promise.all([
    getDb().selectFrom("providerRoutings").selectAll().where("providerId", "=", providerId).orderBy("routingId").execute(),
    readRecordHistory(PROVIDER_ENTITY, String(providerId), { timeZone, labels: PROVIDER_HISTORY_LABELS }),
  ]);
  const at = (iso: string) => formatInstant(iso, timeZone, "detail");
  return {
    providerId: row.providerId,
    version: row.rowVersion,
    providerName: row.providerName,
    providerType: row.providerType,
    providerCd: row.providerCd,
    providerVersion: row.version,
    notes: row.notes ?? "",
    status: providerStatus(row.isActive),
    vehicleMakes: list(row.vehicleMakes),
    scanTypes: list(row.scanTypes),
    scanPerformTypes: list(row.scanPerformTypes),
    nonBillableProcedures: list(row.nonBillableProcedures),
    productCodes: list(row.productCodes).join(", "),
    address: row.address ?? "",
    city: row.city ?? "",
    state: row.state ?? "",
    zip: row.zip ?? "",
    country: row.country ?? "",
    phone: row.phone ?? "",
    fax: row.fax ?? "",
    vinBillingIntervalDays: row.vinBillingIntervalDays,
    registrationConfig: row.registrationConfig ?? "",
    billingRule: row.billingRuleId
      ? { ruleId: row.billingRuleId, ruleDesc: row.billingRuleDesc ?? row.billingRuleId, paramValues: numbers(row.billingRuleParamValues) }
      : null,
    routings: routings.map((routing) => ({
      routingName: routing.routingName,
      routingUrl: routing.routingUrl,
      routingTimeout: routing.routingTimeout,
      requestTranslator: routing.requestTranslator ?? "",
      responseTranslator: routing.responseTranslator ?? "",
    })),
    logoHref: row.logoStorageKey ? providerLogoHref(row.providerId, row.rowVersion) : null,
    createdBy: row.createdBy ?? "",
    updatedBy: row.updatedBy ?? "",
    createdDateTime: at(row.createdDateTime),
    updatedDateTime: at(row.updatedDateTime),
    history,
  };
}
