/** The file name of a grid's export: its title and the date in the user's time zone, e.g. Transactions-2026-11-21.csv. */
export function csvFileName(title: string, today: string): string {
  const safeTitle = title.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-+|-+$/g, "") || "Export";
  return `${safeTitle}-${today}.csv`;
}

/** A Content-Disposition value for a download; the name is ASCII by construction (see csvFileName). */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${fileName.replace(/["\\\r\n]/g, "_")}"`;
}
