import type { ConfigValueType } from "~/db/types";
import type { HistoryEntry } from "~/modules/audit/history";

/**
 * A configuration entry as its expanded row shows it (client-safe). An ENCRYPT entry's value is
 * never here: `value` is null and `storedSecret` says only whether one is set (its mask).
 */
export interface ConfigurationDetail {
  configId: number;
  configKey: string;
  configValueType: ConfigValueType;
  /** The stored value's text; null for ENCRYPT. */
  value: string | null;
  /** ENCRYPT only: the mask of the stored secret ("••••••••" or "(not set)"). */
  storedSecret: string | null;
  configGroup: string;
  configGroupValue: string;
  configDescription: string;
  productArea: string;
  isActive: boolean;
  created: string;
  createdBy: string;
  updated: string;
  updatedBy: string;
  /** The version the form is read at (updatedDateTime as stored). */
  version: string;
  history: HistoryEntry[];
  /** Why the signed-in user may only read this entry although they may write others (an entry that decides access); null otherwise. */
  readOnlyReason: string | null;
}
