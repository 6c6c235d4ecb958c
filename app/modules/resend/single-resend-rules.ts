/**
 * When a detail view offers 'Resend Results' and 'Resend Invoice' (spec §4), read from the
 * configuration entries ALLOWED_FOR_RESEND_RESULTS and ALLOWED_FOR_RESEND_INVOICE. Pure: the
 * detail view's loader and the resend command both decide with these, from rows read on the
 * server. Anything missing, malformed or not exactly `true` means no resend.
 */

export const ALLOWED_FOR_RESEND_RESULTS = "ALLOWED_FOR_RESEND_RESULTS";
export const ALLOWED_FOR_RESEND_INVOICE = "ALLOWED_FOR_RESEND_INVOICE";
/** The report attachment type whose existence 'Resend Results' needs. */
export const RESULT_REPORT_TYPE = "Result";

/** An active configuration row of one key. */
export interface ResendConfigurationEntry {
  configGroupValue: string | null;
  configValue: string | null;
}

/** What the rules look at in a transaction. */
export interface ResendFacts {
  providerId: number;
  scanType: string;
  scanResponseId: number | null;
  /** Whether a report attachment of type Result exists. */
  hasResultReport: boolean;
  invoiceStatus: string | null;
}

export interface SingleResendAvailability {
  results: boolean;
  invoice: boolean;
}

function isDefaultEntry(entry: ResendConfigurationEntry): boolean {
  return entry.configGroupValue === null || entry.configGroupValue.trim() === "";
}

/** The default entry: the one whose group value is null or empty. */
export function defaultEntry(entries: readonly ResendConfigurationEntry[]): ResendConfigurationEntry | null {
  return entries.find(isDefaultEntry) ?? null;
}

/**
 * The provider's own entry (its group value is the provider id) when there is one, else the
 * default entry. The provider's entry decides even when its value is malformed: an administrator
 * who wrote one for the provider meant it to apply, and a broken one allows nothing.
 */
export function entryForProvider(entries: readonly ResendConfigurationEntry[], providerId: number): ResendConfigurationEntry | null {
  const own = entries.find((entry) => entry.configGroupValue !== null && entry.configGroupValue.trim() === String(providerId));
  return own ?? defaultEntry(entries);
}

/** Whether the entry's value, a JSON object, has exactly `true` for the key. */
export function allowsKey(entry: ResendConfigurationEntry | null, key: string | null): boolean {
  if (!entry?.configValue || !key) return false;
  let value: unknown;
  try {
    value = JSON.parse(entry.configValue);
  } catch {
    return false;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.hasOwn(value, key) && (value as Record<string, unknown>)[key] === true;
}

/**
 * 'Resend Results': a scan response exists, a report of type Result exists, and the provider's
 * ALLOWED_FOR_RESEND_RESULTS entry (else the default one) has true for the scan type.
 */
export function canResendResults(facts: ResendFacts, resultsEntries: readonly ResendConfigurationEntry[]): boolean {
  if (facts.scanResponseId === null || !facts.hasResultReport) return false;
  return allowsKey(entryForProvider(resultsEntries, facts.providerId), facts.scanType);
}

/**
 * 'Resend Invoice': an invoice status exists and the ALLOWED_FOR_RESEND_INVOICE entry has true for
 * it. The spec names a provider-specific entry only for results, so only the default entry counts.
 */
export function canResendInvoice(facts: ResendFacts, invoiceEntries: readonly ResendConfigurationEntry[]): boolean {
  const status = facts.invoiceStatus?.trim() ?? "";
  if (status === "") return false;
  return allowsKey(defaultEntry(invoiceEntries), status);
}

export function singleResendAvailability(
  facts: ResendFacts,
  entries: { results: readonly ResendConfigurationEntry[]; invoice: readonly ResendConfigurationEntry[] },
): SingleResendAvailability {
  return { results: canResendResults(facts, entries.results), invoice: canResendInvoice(facts, entries.invoice) };
}
