/** The Shop List statuses of a registration (spec §4); client-safe, for the Shop List's Status filter. */
export const SHOP_STATUSES = ["Transacting", "Non-Transacting", "Deregistered"] as const;
export type ShopStatus = (typeof SHOP_STATUSES)[number];
