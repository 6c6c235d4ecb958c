import type { HistoryEntry } from "~/modules/audit/history";

/** An expanded Devices row (client-safe): every field of the registration, and its History. */
export interface DeviceDetail {
  registrationId: number;
  providerId: number;
  providerName: string;
  shopId: number;
  shopName: string;
  serialNo: string;
  nickname: string;
  type: string;
  status: "Active" | "Inactive";
  created: string;
  createdBy: string;
  modified: string;
  modifiedBy: string;
  history: HistoryEntry[];
}
