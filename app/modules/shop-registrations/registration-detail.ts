import type { HistoryEntry } from "~/modules/audit/history";

/** The shop's record found by the registration's license number (dashboards spec §2.4: the enrichment). */
export interface RegisteredShopRecord {
  repairFacilityId: number;
  name: string;
  address: string;
  cityStateZip: string;
  testShop: boolean;
  email: string;
  phone: string;
}

/** A Shop Registrations row expanded, client-safe. */
export interface RegistrationDetail {
  id: number;
  /** The registration's version as read, for the trust actions' stale check. */
  version: number;
  cells: Readonly<Record<string, string>>;
  shop: RegisteredShopRecord | null;
  history: HistoryEntry[];
}
