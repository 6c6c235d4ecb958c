/** A report row as the query reads it (grid-query.server.ts): the shop's fields and the shown months' measures. */
export interface AdoptionRow {
  id: number;
  rfId: number;
  providerId: number;
  providerName: string | null;
  rfNm: string | null;
  msoNm: string | null;
  rfStCd: string | null;
  rfLicNum: number | null;
  activationDt: string | null;
  firstScanDt: string | null;
  isShopActive: string;
  trend: number | null;
  [measure: string]: unknown;
}

/** The row fields of the report, in the spec's order (the grid's columns that are not measures). */
export const ROW_FIELDS = ["rfNm", "providerId", "msoNm", "rfId", "rfStCd", "rfLicNum", "activationDt", "firstScanDt", "isShopActive", "trend"] as const;
export type RowField = (typeof ROW_FIELDS)[number];
