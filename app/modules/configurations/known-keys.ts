import { z } from "zod";
import { requiredRolesForPagesSchema } from "~/auth/page-access";
import type { ConfigValueType } from "~/db/types";
import { quoteFilterOptionsSchema, QUOTE_FILTER_OPTIONS_KEY } from "~/modules/quotes/filter-options-config";
import { ACCESS_TO_QUOTE_KEY, accessToQuoteSchema, QUOTE_GRID_SETTING } from "~/modules/quotes/quote-access";
import { ALLOWED_FOR_RESEND_INVOICE, ALLOWED_FOR_RESEND_RESULTS } from "~/modules/resend/single-resend-rules";
import {
  filterCodesSchema,
  PROVIDER_SCAN_STATUS_OPTIONS_KEY,
  TRANSACTION_FILTER_OPTIONS_KEY,
  transactionFilterOptionsSchema,
} from "~/modules/transactions/filter-options-config";
import { codeLabelsSchema } from "~/platform/configuration/code-labels";

/**
 * The configuration keys the portal itself reads, with the value type and shape it needs
 * (client-safe). A saved entry of one of these keys must have them, or the page that reads it
 * would quietly fall back to nothing (a missing or malformed entry reads as empty or closed).
 * The shapes are the readers' own schemas; `tests/unit/configuration-known-keys.test.ts` scans
 * app/ for every configuration read and checks that its key is listed here.
 */
export interface KnownKey {
  type: ConfigValueType;
  /** Checked against the parsed JSON (JSON types) or the text itself (TEXT). */
  shape?: z.ZodType;
  /** What is expected, said when the value does not fit. */
  expects: string;
}

const settingFlag = z.string().refine((text) => ["true", "false"].includes(text.trim().toLowerCase()));
const allowedBy = z.record(z.string(), z.boolean());

/** Keys whose reader lives in a .server file (not importable here): the test above keeps them in step. */
export const REQUIRED_ROLES_FOR_PAGES = "REQUIRED_ROLES_FOR_PAGES";
export const TEXT_KEYS = {
  supportContact: "CCC_SUPPORT_CONTACT_INFO",
  analyticsScriptUrl: "ANALYTICS_SCRIPT_URL",
  analyticsKey: "ANALYTICS_KEY",
} as const;
export const SETTING_FLAGS = [QUOTE_GRID_SETTING, "quoteDetailsPageButton", "quoteItemsInSummary"] as const;
export const CODE_LABEL_KEYS = [
  "ALL_USER_ROLES",
  "UI_FEEDBACK_TOPICS",
  // The provider editor's options (provider-choices.server.ts).
  "ALL_VEHICLE_MAKES",
  "ALL_PROVIDER_SCAN_TYPES",
  "ALL_PROVIDER_SCAN_PERFORM_TYPES",
  "CCC_PROCEDURE_DESC_MAPPINGS",
] as const;
/** The shop document loader's maps time-zone check: an http(s) address, `{key}` standing for MAPS_API_KEY. */
export const MAPS_TIME_ZONE_URL = "MAPS_TIME_ZONE_URL";
/** The key put into MAPS_TIME_ZONE_URL's `{key}`: a secret, read only after decryption. */
export const MAPS_API_KEY = "MAPS_API_KEY";
const httpAddress = z.string().refine((text) => /^https?:\/\/\S+$/i.test(text.trim()));

const codeLabels = (key: string): KnownKey => ({ type: "LIST_CODE_LABELS", shape: codeLabelsSchema, expects: `${key} must be a list of { code, label }` });
const flag = (key: string): KnownKey => ({ type: "TEXT", shape: settingFlag, expects: `${key} must be TEXT: true or false` });
const text = (key: string): KnownKey => ({ type: "TEXT", expects: `${key} must be TEXT` });
const codes = (key: string): KnownKey => ({ type: "JSON", shape: filterCodesSchema, expects: `${key} must be a JSON list of non-empty strings` });
const resendRule = (key: string, what: string): KnownKey => ({
  type: "JSON",
  shape: allowedBy,
  expects: `${key} must be a JSON object of ${what} to true or false`,
});

export const KNOWN_KEYS: Readonly<Record<string, KnownKey>> = {
  [REQUIRED_ROLES_FOR_PAGES]: {
    type: "JSON",
    shape: requiredRolesForPagesSchema,
    expects: "REQUIRED_ROLES_FOR_PAGES must be a JSON list of { pageName, requiredRoles: [role, ...] }",
  },
  [ACCESS_TO_QUOTE_KEY]: {
    type: "JSON",
    shape: accessToQuoteSchema,
    expects: "ACCESS_TO_QUOTE must be a JSON object { roles: [role, ...], providerIds: [number, ...] }",
  },
  [ALLOWED_FOR_RESEND_RESULTS]: resendRule(ALLOWED_FOR_RESEND_RESULTS, "scan types"),
  [ALLOWED_FOR_RESEND_INVOICE]: resendRule(ALLOWED_FOR_RESEND_INVOICE, "invoice statuses"),
  [TRANSACTION_FILTER_OPTIONS_KEY]: {
    type: "JSON",
    shape: transactionFilterOptionsSchema,
    expects:
      "TRANSACTION_FILTER_OPTIONS must be a JSON object of lists of strings: { statusOptions, clientTypeOptions, scanPhaseOptions, invoiceStatusOptions, billableOptions }",
  },
  [QUOTE_FILTER_OPTIONS_KEY]: {
    type: "JSON",
    shape: quoteFilterOptionsSchema,
    expects: "QUOTE_FILTER_OPTIONS must be a JSON object { quoteStatusOptions: [string, ...], quoteProviderOptions: [{ code, label }, ...] }",
  },
  [PROVIDER_SCAN_STATUS_OPTIONS_KEY]: codes(PROVIDER_SCAN_STATUS_OPTIONS_KEY),
  PROVIDER_STATUS_OPTIONS: codes("PROVIDER_STATUS_OPTIONS"),
  ...Object.fromEntries(CODE_LABEL_KEYS.map((key) => [key, codeLabels(key)])),
  ...Object.fromEntries(Object.values(TEXT_KEYS).map((key) => [key, text(key)])),
  ...Object.fromEntries(SETTING_FLAGS.map((key) => [key, flag(key)])),
  [MAPS_API_KEY]: { type: "ENCRYPT", expects: "MAPS_API_KEY must be ENCRYPT: a secret" },
  [MAPS_TIME_ZONE_URL]: {
    type: "TEXT",
    shape: httpAddress,
    expects: "MAPS_TIME_ZONE_URL must be TEXT: an http or https address, {key} where the maps key goes",
  },
};

/** Why a value (already checked against its type and normalised) does not suit a known key, or null. */
export function knownKeyProblem(configKey: string, type: ConfigValueType, value: string): string | null {
  const known = KNOWN_KEYS[configKey];
  if (!known) return null;
  if (known.type !== type) return known.expects;
  if (!known.shape) return null;
  let parsed: unknown = value;
  if (type !== "TEXT") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return known.expects;
    }
  }
  return known.shape.safeParse(parsed).success ? null : known.expects;
}
