/** Prices and totals are in USD with two decimals (transactions spec §9): "$1,234.50" everywhere they show. */
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in USD, "$1,234.50"; "" when there is none. */
export function formatMoney(amount: number | null | undefined): string {
  return amount === null || amount === undefined || !Number.isFinite(amount) ? "" : USD.format(amount);
}
