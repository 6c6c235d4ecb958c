import type { Transaction } from "kysely";
import type { UserClaims } from "~/auth/user-claims";
import { auditedTransaction, recordAudit } from "~/db/audit-log.server";
import { getDb } from "~/db/db.server";
import type { Database } from "~/db/types";
import { changed, STALE, versionedChange, wroteOne } from "~/modules/audit/versioned-change.server";
import { done, refused, type ActionOutcome } from "~/write-path/action-outcome";
import { providerChoices, type BillingRuleOption, type ProviderChoices } from "./provider-choices.server";
import { writeLogo, withLogoWrite, type CheckedLogo } from "./provider-logo.server";
import { PROVIDER_MESSAGES, type NewProvider, type ProviderEdit, type RoutingRow } from "./provider-rules";
import { PROVIDER_ENTITY, PROVIDER_SAVE_MESSAGES } from "./provider-save-messages";

/**
 * Adding and changing a provider (platform spec §5, §7 POST addProvider / PUT {providerId}, §8):
 * the schema's rules (provider-rules.ts) have passed; here the choices must be configured ones, the
 * billing rule a BILLING_RULE configuration with a value for each of its parameters, the id and code
 * unique; the change, its routings and its audit row in one transaction. An edit carries the row's
 * version (row_version) as read: saving over a newer one is refused, naming who changed it and when.
 */
export { PROVIDER_ENTITY, PROVIDER_SAVE_MESSAGES } from "./provider-save-messages";

type Trx = Transaction<Database>;
type FieldErrors = Record<string, string[]>;

interface BillingSelection {
  billingRuleId: string | null;
  billingRuleDesc: string | null;
  billingRuleParamValues: Record<string, number>;
}

type ListField = "vehicleMakes" | "scanTypes" | "scanPerformTypes" | "nonBillableProcedures";
type Lists = Partial<Record<ListField, readonly string[]>>;

/**
 * Each chosen make, scan type, perform type and procedure must be a configured one, or one the
 * provider has already (an edit never fails on a value the configuration no longer offers).
 */
function choiceErrors(value: Lists, choices: ProviderChoices, kept: Lists = {}): FieldErrors {
  const errors: FieldErrors = {};
  const offered: Record<ListField, readonly { code: string }[]> = {
    vehicleMakes: choices.makes,
    scanTypes: choices.scanTypes,
    scanPerformTypes: choices.scanPerformTypes,
    nonBillableProcedures: choices.procedures,
  };
  for (const field of Object.keys(offered) as ListField[]) {
    const unknown = (value[field] ?? []).filter((code) => !offered[field].some((option) => option.code === code) && !(kept[field] ?? []).includes(code));
    if (unknown.length > 0) errors[field] = unknown.map(PROVIDER_SAVE_MESSAGES.unknownChoice);
  }
  return errors;
}

/** A provider's lists as stored, for choiceErrors. */
async function storedLists(providerId: number): Promise<Lists> {
  const row = await getDb()
    .selectFrom("providers")
    .select(["vehicleMakes", "scanTypes", "scanPerformTypes", "nonBillableProcedures"])
    .where("providerId", "=", providerId)
    .executeTakeFirst();
  if (!row) return {};
  const list = (json: string): string[] => {
    try {
      const parsed: unknown = JSON.parse(json);
      return Array.isArray(parsed) ? parsed.map(String) : [];
    } catch {
      return [];
    }
  };
  return {
    vehicleMakes: list(row.vehicleMakes),
    scanTypes: list(row.scanTypes),
    scanPerformTypes: list(row.scanPerformTypes),
    nonBillableProcedures: list(row.nonBillableProcedures),
  };
}

/** The billing rule and a value for each of its parameters (values of other names are dropped). */
function billingSelection(ruleId: string | null, values: Record<string, number>, rules: readonly BillingRuleOption[]): BillingSelection | FieldErrors {
  if (ruleId === null) return { billingRuleId: null, billingRuleDesc: null, billingRuleParamValues: {} };
  const rule = rules.find((candidate) => candidate.ruleId === ruleId);
  if (!rule) return { billingRuleId: [PROVIDER_SAVE_MESSAGES.unknownRule] };
  const errors: FieldErrors = {};
  const paramValues: Record<string, number> = {};
  for (const { paramName } of rule.params) {
    const value = values[paramName];
    if (value === undefined) errors[`billingValues.${paramName}`] = [PROVIDER_MESSAGES.fieldRequired];
    else paramValues[paramName] = value;
  }
  return Object.keys(errors).length > 0 ? errors : { billingRuleId: rule.ruleId, billingRuleDesc: rule.ruleDesc, billingRuleParamValues: paramValues };
}

const isSelection = (value: BillingSelection | FieldErrors): value is BillingSelection => "billingRuleParamValues" in value;

function routingValues(providerId: number, rows: readonly RoutingRow[]) {
  return rows.map((row) => ({
    providerId,
    routingName: row.routingName,
    routingUrl: row.routingUrl,
    routingTimeout: row.routingTimeout ?? null,
    requestTranslator: row.requestTranslator ?? null,
    responseTranslator: row.responseTranslator ?? null,
  }));
}

/** What the audit row keeps of a provider: its fields, billing and routings as the History lists them. */
async function providerSnapshot(trx: Trx, providerId: number): Promise<Record<string, unknown> | null> {
  const row = await trx.selectFrom("providers").selectAll().where("providerId", "=", providerId).executeTakeFirst();
  if (!row) return null;
  const routings = await trx
    .selectFrom("providerRoutings")
    .select(["routingName", "routingUrl", "routingTimeout"])
    .where("providerId", "=", providerId)
    .orderBy("routingId")
    .execute();
  const list = (json: string | null) => (json ? (JSON.parse(json) as unknown) : null);
  return {
    providerName: row.providerName,
    providerType: row.providerType,
    providerCd: row.providerCd,
    version: row.version,
    notes: row.notes,
    status: row.isActive === 1 ? "Active" : "Inactive",
    vehicleMakes: list(row.vehicleMakes),
    scanTypes: list(row.scanTypes),
    scanPerformTypes: list(row.scanPerformTypes),
    nonBillableProcedures: list(row.nonBillableProcedures),
    productCodes: list(row.productCodes),
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    phone: row.phone,
    fax: row.fax,
    vinBillingIntervalDays: row.vinBillingIntervalDays,
    registrationConfig: row.registrationConfig,
    billingRule: row.billingRuleId,
    billingValues: list(row.billingRuleParamValues),
    routings: routings.map((routing) => `${routing.routingName} ${routing.routingUrl}${routing.routingTimeout ? ` (${routing.routingTimeout} s)` : ""}`),
  };
}

async function codeTaken(trx: Trx, code: string, except: number | null): Promise<boolean> {
  let query = trx
    .selectFrom("providers")
    .select("providerId")
    .where((eb) => eb(eb.fn("lower", ["providerCd"]), "=", code.toLowerCase()));
  if (except !== null) query = query.where("providerId", "!=", except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** 'Add new provider': the provider, Active, with its routings; 'Saved the new Provider Item'. */
export async function addProvider(actor: UserClaims, value: NewProvider, now: Date = new Date()): Promise<ActionOutcome> {
  const choices = await providerChoices();
  const billing = billingSelection(value.billingRuleId, value.billingValues, choices.billingRules);
  const errors = { ...choiceErrors(value, choices), ...(isSelection(billing) ? {} : billing) };
  if (Object.keys(errors).length > 0 || !isSelection(billing)) return refused({ fieldErrors: errors });
  const at = now.toISOString();
  return auditedTransaction(async (trx): Promise<ActionOutcome> => {
    if (await trx.selectFrom("providers").select("providerId").where("providerId", "=", value.providerId).executeTakeFirst()) {
      return refused({ fieldErrors: { providerId: [PROVIDER_SAVE_MESSAGES.duplicateId] } });
    }
    if (await codeTaken(trx, value.providerCd, null)) return refused({ fieldErrors: { providerCd: [PROVIDER_SAVE_MESSAGES.duplicateCode] } });
    await trx
      .insertInto("providers")
      .values({
        providerId: value.providerId,
        providerName: value.providerName,
        providerType: value.providerType,
        providerCd: value.providerCd,
        version: value.version,
        notes: value.notes,
        isActive: 1,
        vehicleMakes: JSON.stringify(value.vehicleMakes),
        scanTypes: JSON.stringify(value.scanTypes),
        scanPerformTypes: "[]",
        nonBillableProcedures: JSON.stringify(value.nonBillableProcedures),
        productCodes: null,
        billingRuleId: billing.billingRuleId,
        billingRuleDesc: billing.billingRuleDesc,
        billingRuleParamValues: JSON.stringify(billing.billingRuleParamValues),
        createdBy: actor.login,
        updatedBy: actor.login,
        createdDateTime: at,
        updatedDateTime: at,
        rowVersion: 1,
      })
      .execute();
    if (value.routings.length > 0) await trx.insertInto("providerRoutings").values(routingValues(value.providerId, value.routings)).execute();
    await recordAudit(trx, {
      actor: actor.login,
      action: "addProvider",
      entity: PROVIDER_ENTITY,
      entityId: String(value.providerId),
      before: null,
      after: await providerSnapshot(trx, value.providerId),
      at: now,
    });
    return done(PROVIDER_SAVE_MESSAGES.added);
  });
}

/**
 * The detail form's Save: every field, the Activate checkbox as the status, the routings replaced;
 * and a chosen logo in the same transaction, after the fields' audit row (decision 0076): a logo
 * that cannot be stored leaves nothing saved ('Failed at saving logo image.').
 */
export async function updateProvider(
  actor: UserClaims,
  providerId: number,
  version: number,
  value: ProviderEdit,
  timeZone: string,
  now: Date = new Date(),
  logo: CheckedLogo | null = null,
): Promise<ActionOutcome> {
  const [choices, kept] = await Promise.all([providerChoices(), storedLists(providerId)]);
  const billing = billingSelection(value.billingRuleId, value.billingValues, choices.billingRules);
  const errors = { ...choiceErrors(value, choices, kept), ...(isSelection(billing) ? {} : billing) };
  if (Object.keys(errors).length > 0 || !isSelection(billing)) return refused({ fieldErrors: errors });
  if (!logo) return saveFields(actor, providerId, version, value, billing, timeZone, now, null);
  let replaced: string | null = null;
  const withLogo = async (trx: Trx) => {
    const written = await writeLogo(trx, actor, providerId, version + 1, logo, now);
    // The fields were written at version + 1 in this transaction: nothing else can have changed the row.
    if (written.kind !== "written") throw new Error(`The provider's logo found the row ${written.kind} in the fields' own transaction.`);
    replaced = written.replaced;
  };
  return withLogoWrite(
    logo,
    () => saveFields(actor, providerId, version, value, billing, timeZone, now, withLogo),
    () => replaced,
  );
}

function saveFields(
  actor: UserClaims,
  providerId: number,
  version: number,
  value: ProviderEdit,
  billing: BillingSelection,
  timeZone: string,
  now: Date,
  andThen: ((trx: Trx) => Promise<void>) | null,
): Promise<ActionOutcome> {
  return versionedChange<{ rowVersion: number }>({
    entity: PROVIDER_ENTITY,
    entityId: String(providerId),
    action: "updateProvider",
    version,
    actor: actor.login,
    now,
    timeZone,
    load: (trx) => trx.selectFrom("providers").select(["rowVersion"]).where("providerId", "=", providerId).executeTakeFirst(),
    versionOf: (row) => row.rowVersion,
    gone: refused({ formErrors: [PROVIDER_SAVE_MESSAGES.gone], message: PROVIDER_SAVE_MESSAGES.notSaved }),
    stale: PROVIDER_SAVE_MESSAGES,
    apply: async (trx) => {
      if (await codeTaken(trx, value.providerCd, providerId)) return refused({ fieldErrors: { providerCd: [PROVIDER_SAVE_MESSAGES.duplicateCode] } });
      const before = await providerSnapshot(trx, providerId);
      const updated = await trx
        .updateTable("providers")
        .set({
          providerName: value.providerName,
          providerType: value.providerType,
          providerCd: value.providerCd,
          version: value.version,
          notes: value.notes,
          isActive: value.isActive ? 1 : 0,
          vehicleMakes: JSON.stringify(value.vehicleMakes),
          scanTypes: JSON.stringify(value.scanTypes),
          scanPerformTypes: JSON.stringify(value.scanPerformTypes),
          nonBillableProcedures: JSON.stringify(value.nonBillableProcedures),
          productCodes: value.productCodes ? JSON.stringify(value.productCodes) : null,
          address: value.address,
          city: value.city,
          state: value.state,
          zip: value.zip,
          country: value.country,
          phone: value.phone,
          fax: value.fax,
          vinBillingIntervalDays: value.vinBillingIntervalDays,
          registrationConfig: value.registrationConfig,
          billingRuleId: billing.billingRuleId,
          billingRuleDesc: billing.billingRuleDesc,
          billingRuleParamValues: JSON.stringify(billing.billingRuleParamValues),
          updatedBy: actor.login,
          updatedDateTime: now.toISOString(),
          rowVersion: version + 1,
        })
        .where("providerId", "=", providerId)
        .where("rowVersion", "=", version)
        .executeTakeFirst();
      if (!wroteOne(updated)) return STALE;
      await trx.deleteFrom("providerRoutings").where("providerId", "=", providerId).execute();
      if (value.routings.length > 0) await trx.insertInto("providerRoutings").values(routingValues(providerId, value.routings)).execute();
      return changed(done(PROVIDER_SAVE_MESSAGES.updated), {
        action: "updateProvider",
        before,
        after: await providerSnapshot(trx, providerId),
        andThen: andThen ?? undefined,
      });
    },
  });
}
