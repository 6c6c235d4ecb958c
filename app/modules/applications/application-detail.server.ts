import { z } from "zod";
import { getDb } from "~/db/db.server";
import { formatInstant } from "~/lib/date-format";
import type { ApplicationDetail } from "./detail";

const macAddressList = z.array(z.string());

/** The stored JSON list of MAC addresses; none when it is not a list of strings. */
function parseMacAddresses(json: string): string[] {
  try {
    const parsed = macAddressList.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * One application's expanded row: its fields, its versions and its third-party software, each
 * newest first (created time, then the latest id), so the first of each is the current one.
 */
export async function findApplicationDetail(id: string, timeZone: string): Promise<ApplicationDetail | null> {
  const db = getDb();
  const [application, versions, software] = await Promise.all([
    db.selectFrom("applications").selectAll().where("id", "=", id).executeTakeFirst(),
    db
      .selectFrom("applicationVersions")
      .select(["version", "createdByUser", "createdDateTime"])
      .where("applicationId", "=", id)
      .orderBy("createdDateTime", "desc")
      .orderBy("id", "desc")
      .execute(),
    db
      .selectFrom("applicationThirdPartySoftware")
      .select(["name", "version", "createdDateTime"])
      .where("applicationId", "=", id)
      .orderBy("createdDateTime", "desc")
      .orderBy("id", "desc")
      .execute(),
  ]);
  if (!application) return null;
  const tableDate = (iso: string) => formatInstant(iso, timeZone, "table");
  return {
    id: application.id,
    platform: application.platform ?? "",
    machineName: application.machineName ?? "",
    macAddresses: parseMacAddresses(application.macAddresses),
    userId: application.userId ?? "",
    created: formatInstant(application.createdDateTime, timeZone, "detail"),
    modified: formatInstant(application.lastModifiedDateTime, timeZone, "detail"),
    versions: versions.map((entry) => ({ version: entry.version, createdBy: entry.createdByUser ?? "", created: tableDate(entry.createdDateTime) })),
    software: software.map((entry) => ({ name: entry.name, version: entry.version ?? "", created: tableDate(entry.createdDateTime) })),
  };
}
