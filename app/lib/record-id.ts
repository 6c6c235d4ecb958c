/** The largest id the schema's integer keys hold (a 32-bit integer on PostgreSQL). */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record id from a URL or a form (a scan request, report, document, quote...): digits only, 1 to
 * MAX_RECORD_ID. Anything else is null, so letters or a huge number end in the 404 page instead of
 * a query error on PostgreSQL.
 */
export function parseRecordId(value: string | number | null | undefined): number | null {
  const text = typeof value === "number" ? String(value) : (value ?? "");
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_RECORD_ID ? id : null;
}

/** The ids of these that can name a record at all (a forged or letter id names none). */
export function recordIds(values: readonly string[]): number[] {
  return values.map((value) => parseRecordId(value)).filter((id): id is number => id !== null);
}
