import { randomBytes, randomInt } from "node:crypto";
import path from "node:path";
import SQLite from "better-sqlite3";

export interface TestProvider {
  providerId: number;
  providerCd: string;
  providerName: string;
}

function openE2eDatabase(): SQLite.Database {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return new SQLite(path.join(dataDir, "portal.sqlite"), { fileMustExist: true, timeout: 10_000 });
}

/** An unused provider id and code of a test's own (ids far above the demo data's). */
export function freshProviderIdentity(): { providerId: number; providerCd: string } {
  return { providerId: randomInt(5_000_000, 9_000_000), providerCd: `T${randomBytes(4).toString("hex").toUpperCase()}` };
}

/**
 * A provider of a test's own in the e2e server's database: a copy of a demo provider (its lists,
 * billing rule and routings) under a new id, code and name, without a logo (the demo file stays
 * the demo provider's), changed just now so the table's first page shows it.
 */
export function createProviderLike(demoProviderId: number): TestProvider {
  const { providerId, providerCd } = freshProviderIdentity();
  const db = openE2eDatabase();
  try {
    const source = db.prepare("select * from providers where provider_id = ?").get(demoProviderId) as Record<string, unknown> | undefined;
    if (!source) throw new Error(`No demo provider ${demoProviderId} to copy`);
    const providerName = `${String(source.provider_name)} ${providerCd}`;
    const now = new Date().toISOString();
    const row = {
      ...source,
      provider_id: providerId,
      provider_cd: providerCd,
      provider_name: providerName,
      logo_storage_key: null,
      logo_content_type: null,
      row_version: 1,
      updated_date_time: now,
    };
    const columns = Object.keys(row);
    db.prepare(`insert into providers (${columns.join(", ")}) values (${columns.map((column) => `@${column}`).join(", ")})`).run(row);
    db.prepare(
      `insert into provider_routings (provider_id, routing_name, routing_url, routing_timeout, request_translator, response_translator)
       select ?, routing_name, routing_url, routing_timeout, request_translator, response_translator from provider_routings where provider_id = ? order by routing_id`,
    ).run(providerId, demoProviderId);
    return { providerId, providerCd, providerName };
  } finally {
    db.close();
  }
}

/** A provider's row version and logo as stored: what a refused save must leave as it was. */
export function storedProviderState(providerId: number): { rowVersion: number; logo: string | null } {
  const db = openE2eDatabase();
  try {
    const row = db.prepare("select row_version, logo_storage_key from providers where provider_id = ?").get(providerId) as
      { row_version: number; logo_storage_key: string | null } | undefined;
    if (!row) throw new Error(`No provider ${providerId}`);
    return { rowVersion: row.row_version, logo: row.logo_storage_key };
  } finally {
    db.close();
  }
}
