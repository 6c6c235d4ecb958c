import { z } from "zod";
import { amountMask, checkMasked, digitsMask, MASK_MESSAGES, type InputMask } from "~/forms/input-mask";
import { maskedNumber } from "~/forms/masked-schema";

/**
 * The provider forms' rules (platform spec §5 New provider, Provider edit, Routings, Product
 * codes; §9), client-safe: the new-provider form and the detail form validate with these schemas in
 * the browser for their messages and on the server before anything is written.
 */
export const PROVIDER_MESSAGES = {
  providerId: "Provider Id is required",
  name: "Please input provider name",
  type: "Please input provider type",
  code: "Please input provider Code",
  procedures: "Please select Procedures",
  makes: "Please select makes",
  scanTypes: "Please select scan types",
  version: "Please input version",
  fieldRequired: "Field is required",
  interval: "Please use maximum 365 days",
  intervalWhole: "The VIN billing interval is a whole number of days, 0 or more.",
  registrationJson: "It is not in valid JSON format",
  routingUrl: "A routing URL must be an http or https address.",
  routingAddressRefused: "The portal does not call this address: it is a loopback, private, link-local or other internal address.",
  routingTimeout: "A routing timeout is a whole number of seconds above 0.",
  tooManyRoutings: "A provider has at most 50 routings.",
  tooLong: (max: number) => `At most ${max} characters.`,
} as const;

export const MAX_VIN_BILLING_INTERVAL_DAYS = 365;
export const MAX_ROUTINGS = 50;
/** Registration configuration is JSON text kept as it is; this keeps a bomb out of the database. */
export const MAX_REGISTRATION_CONFIG_LENGTH = 64 * 1024;

/** Product codes are entered as comma-separated text: split on commas and trimmed; nothing is null. */
export function parseProductCodes(text: string | null | undefined): string[] | null {
  const codes = (text ?? "")
    .split(",")
    .map((code) => code.trim())
    .filter((code) => code.length > 0);
  return codes.length > 0 ? codes : null;
}

export interface RoutingRow {
  routingName: string;
  routingUrl: string;
  routingTimeout?: number | null;
  requestTranslator?: string | null;
  responseTranslator?: string | null;
}

const isBlank = (value: string | null | undefined) => (value ?? "").trim() === "";

/** Rows with an empty name or URL are dropped on save (spec §5 Routings). */
export function keptRoutings<Row extends RoutingRow>(rows: readonly Row[]): Row[] {
  return rows.filter((row) => !isBlank(row.routingName) && !isBlank(row.routingUrl));
}

/** A new routing row may be added only when no row has an empty name or URL. */
export function canAddRouting(rows: readonly RoutingRow[]): boolean {
  return rows.length < MAX_ROUTINGS && rows.every((row) => !isBlank(row.routingName) && !isBlank(row.routingUrl));
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Registration configuration: valid JSON, or empty (spec §5 Provider edit). */
export function isValidRegistrationConfig(text: string | null | undefined): boolean {
  if (isBlank(text)) return true;
  try {
    JSON.parse(text ?? "");
    return true;
  } catch {
    return false;
  }
}

/** A billing rule parameter whose name contains 'number' takes digits only; the others two decimals (spec §5). */
export function isNumberParameter(paramName: string): boolean {
  return paramName.toLowerCase().includes("number");
}

/** A billing rule parameter's mask: digits for a 'number' parameter, an amount with two decimals for the others (at most 9 digits before the point). */
export function billingParameterMask(paramName: string): InputMask {
  return isNumberParameter(paramName) ? digitsMask(9) : amountMask(9, 2);
}

/** Provider ids are whole numbers above 0, at most 9 digits (they fit the 4-byte integer column). */
export const PROVIDER_ID_MASK = digitsMask(9);
/** Masks of the other whole-number fields, as typed (the schema's own words refuse anything else). */
export const VIN_INTERVAL_MASK = digitsMask(3);
export const ROUTING_TIMEOUT_MASK = digitsMask(4);

/**
 * A billing rule parameter's value as entered: its number, or the words that say why not. An empty
 * value is 'Field is required' (spec §5); a filled one is never called empty: text out of its mask
 * gets the mask's words, and 0 'above 0' (decision 0067).
 */
export function checkParameterValue(paramName: string, raw: string): { value: number } | { message: string } {
  const mask = billingParameterMask(paramName);
  const check = checkMasked(mask, raw);
  if (check.status === "empty") return { message: PROVIDER_MESSAGES.fieldRequired };
  if (check.status === "refused") return { message: check.message };
  return check.value > 0 ? { value: check.value } : { message: MASK_MESSAGES.aboveZero(mask) };
}

/** A billing rule parameter's value as entered: null unless it is in its mask and above 0. */
export function parseParameterValue(paramName: string, raw: string): number | null {
  const checked = checkParameterValue(paramName, raw);
  return "value" in checked ? checked.value : null;
}

const trimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: PROVIDER_MESSAGES.tooLong(max) });
const required = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: PROVIDER_MESSAGES.tooLong(max) })
    .min(1, { error: message });
const optionalText = (max: number) =>
  trimmed(max)
    .optional()
    .transform((value) => (value ? value : null));
const choices = (message: string | null) => {
  const list = z.array(z.string().trim().min(1).max(60)).max(200);
  return message === null ? list.default([]) : list.min(1, { error: message });
};

export const routingRowSchema = z.object({
  routingName: trimmed(100).default(""),
  routingUrl: trimmed(2000).default(""),
  routingTimeout: z
    .number({ error: PROVIDER_MESSAGES.routingTimeout })
    .int({ error: PROVIDER_MESSAGES.routingTimeout })
    .positive({ error: PROVIDER_MESSAGES.routingTimeout })
    .max(3600, { error: PROVIDER_MESSAGES.routingTimeout })
    .optional(),
  requestTranslator: optionalText(200),
  responseTranslator: optionalText(200),
});

/**
 * The routing rows as saved: blank rows dropped, the rest with an http(s) URL that `addressProblem`
 * does not refuse (the server's check of internal addresses, routing-address.server.ts; none in the
 * browser, which does not know the operator's allow-list). An error names the row as the form
 * numbers it, blank rows included.
 */
export function routingsSchemaWith(addressProblem: (url: URL) => string | null) {
  return z
    .array(routingRowSchema)
    .max(MAX_ROUTINGS, { error: PROVIDER_MESSAGES.tooManyRoutings })
    .default([])
    .superRefine((rows, context) => {
      rows.forEach((row, index) => {
        if (isBlank(row.routingName) || isBlank(row.routingUrl)) return;
        const problem = isHttpUrl(row.routingUrl) ? addressProblem(new URL(row.routingUrl)) : PROVIDER_MESSAGES.routingUrl;
        if (problem) context.addIssue({ code: "custom", path: [index, "routingUrl"], message: problem });
      });
    })
    .transform((rows) => keptRoutings(rows));
}

export const routingsSchema = routingsSchemaWith(() => null);

/**
 * Billing rule parameter values by parameter name, as entered; each must be in its mask and above 0.
 * A parameter the form did not send at all is the save's to name (save-provider.server.ts).
 */
export const billingValuesSchema = z
  .record(z.string().max(100), z.string().max(20).optional())
  .default({})
  .transform((values, context) => {
    const parsed: Record<string, number> = {};
    for (const [name, raw] of Object.entries(values)) {
      if (raw === undefined) continue;
      const checked = checkParameterValue(name, raw);
      if ("message" in checked) context.addIssue({ code: "custom", path: [name], message: checked.message });
      else parsed[name] = checked.value;
    }
    return parsed;
  });

/** The 'Add new provider' form (spec §5 New provider). */
export const newProviderSchema = z.object({
  providerId: maskedNumber(PROVIDER_ID_MASK, { required: PROVIDER_MESSAGES.providerId, aboveZero: true }),
  providerName: required(200, PROVIDER_MESSAGES.name),
  providerType: required(100, PROVIDER_MESSAGES.type),
  providerCd: required(20, PROVIDER_MESSAGES.code),
  version: required(20, PROVIDER_MESSAGES.version),
  nonBillableProcedures: choices(null),
  vehicleMakes: choices(PROVIDER_MESSAGES.makes),
  scanTypes: choices(PROVIDER_MESSAGES.scanTypes),
  billingRuleId: optionalText(100),
  billingValues: billingValuesSchema,
  notes: optionalText(2000),
  routings: routingsSchema,
});
export type NewProvider = z.infer<typeof newProviderSchema>;

/** The provider detail form (spec §3 Provider, §5 Provider edit). */
export const providerEditSchema = z.object({
  providerName: required(200, PROVIDER_MESSAGES.name),
  providerType: required(100, PROVIDER_MESSAGES.type),
  providerCd: required(20, PROVIDER_MESSAGES.code),
  version: required(20, PROVIDER_MESSAGES.version),
  notes: optionalText(2000),
  isActive: z.boolean().default(false),
  vehicleMakes: choices(PROVIDER_MESSAGES.makes),
  scanTypes: choices(PROVIDER_MESSAGES.scanTypes),
  scanPerformTypes: choices(null),
  nonBillableProcedures: choices(null),
  productCodes: optionalText(2000).transform(parseProductCodes),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(50),
  zip: optionalText(20),
  country: optionalText(50),
  phone: optionalText(40),
  fax: optionalText(40),
  vinBillingIntervalDays: z
    .number({ error: PROVIDER_MESSAGES.intervalWhole })
    .int({ error: PROVIDER_MESSAGES.intervalWhole })
    .min(0, { error: PROVIDER_MESSAGES.intervalWhole })
    .max(MAX_VIN_BILLING_INTERVAL_DAYS, { error: PROVIDER_MESSAGES.interval })
    .optional()
    .transform((value) => value ?? null),
  registrationConfig: optionalText(MAX_REGISTRATION_CONFIG_LENGTH).refine(isValidRegistrationConfig, { error: PROVIDER_MESSAGES.registrationJson }),
  billingRuleId: optionalText(100),
  billingValues: billingValuesSchema,
  routings: routingsSchema,
});
export type ProviderEdit = z.infer<typeof providerEditSchema>;
