import type { HistoryEntry } from "~/modules/audit/history";
import type { ProviderChoices } from "./provider-choices";

/** A provider expanded (platform spec §3 Provider), client-safe: every field, the routings, the billing rule and the History. */
export interface ProviderDetail {
  providerId: number;
  /** The version the detail form is read at (row_version). */
  version: number;
  providerName: string;
  providerType: string;
  providerCd: string;
  providerVersion: string;
  notes: string;
  status: "Active" | "Inactive";
  vehicleMakes: string[];
  scanTypes: string[];
  scanPerformTypes: string[];
  nonBillableProcedures: string[];
  /** As the form takes them: comma-separated. */
  productCodes: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  fax: string;
  vinBillingIntervalDays: number | null;
  registrationConfig: string;
  billingRule: { ruleId: string; ruleDesc: string; paramValues: Record<string, number> } | null;
  routings: { routingName: string; routingUrl: string; routingTimeout: number | null; requestTranslator: string; responseTranslator: string }[];
  /** The logo's address, or null when the provider has none. */
  logoHref: string | null;
  createdBy: string;
  updatedBy: string;
  createdDateTime: string;
  updatedDateTime: string;
  history: HistoryEntry[];
}

/** An expanded row as the detail form needs it: the provider and the options its lists offer. */
export interface ProviderRowDetail extends ProviderDetail {
  choices: ProviderChoices;
}

/** The detail form's fields besides the provider's own: the row version as read, and the logo file. */
export const PROVIDER_FORM_FIELDS = { rowVersion: "rowVersion", logoFile: "logoFile" } as const;

/** The logo's address; `v` changes with each save, so a browser never shows a replaced logo from its cache. */
export function providerLogoHref(providerId: number, version?: number): string {
  return `/admin/providers/${providerId}/logo${version === undefined ? "" : `?v=${version}`}`;
}
