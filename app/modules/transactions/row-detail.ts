/** The panel of an expanded Transactions or Services row (spec §2): the request's shop and vehicle, and the shop's own record. */
export interface ShopDetails {
  licenseKey: string;
  shopName: string;
  address: string;
  city: string;
  stateCode: string;
  zipCode: string;
  fullAddress: string;
}

export interface TransactionRowDetail {
  scanRequestId: number;
  providerName: string;
  shopName: string;
  shopId: number;
  shopLicense: string;
  year: string;
  make: string;
  model: string;
  vin: string;
  /** Null when the shop directory has no record of the shop. */
  shop: ShopDetails | null;
}

/** "12 Main St, Springfield, IL 62701" from whichever parts are known. */
export function fullAddress(parts: { address: string; city: string; stateCode: string; zipCode: string }): string {
  const region = [parts.stateCode, parts.zipCode].filter(Boolean).join(" ");
  return [parts.address, parts.city, region].filter(Boolean).join(", ");
}
