import type { GridCells } from "~/grid/definition";
import { cellDateTime } from "~/lib/date-format";
import type { providersGrid } from "./grid";

/** The status the spec names: Active or Inactive (set by the Activate checkbox on save). */
export function providerStatus(isActive: number): "Active" | "Inactive" {
  return isActive === 1 ? "Active" : "Inactive";
}

export interface ProviderCellsSource {
  providerId: number;
  providerName: string;
  providerType: string;
  providerCd: string;
  isActive: number;
  city: string | null;
  state: string | null;
  updatedBy: string | null;
  createdDateTime: string;
  updatedDateTime: string;
}

export function providerCells(row: ProviderCellsSource, timeZone: string): GridCells<typeof providersGrid> {
  return {
    providerId: String(row.providerId),
    providerName: row.providerName,
    providerType: row.providerType,
    providerCd: row.providerCd,
    status: providerStatus(row.isActive),
    city: row.city ?? "",
    state: row.state ?? "",
    updatedBy: row.updatedBy ?? "",
    createdDateTime: cellDateTime(row.createdDateTime, timeZone),
    updatedDateTime: cellDateTime(row.updatedDateTime, timeZone),
  };
}
