import { createReadableStreamFromReadable } from "@remix-run/node";
import type { UserClaims } from "~/auth/user-claims";
import { getDb } from "~/db/db.server";
import { getFileStorage } from "~/integrations/file-storage.server";
import { isValidStorageKey } from "~/integrations/storage.server";
import { conflict, done, failed, refused, type ActionOutcome } from "~/write-path/action-outcome";
import { log } from "~/lib/logger.server";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { checkLogo, LOGO_MESSAGES } from "./logo-file";
import { PROVIDER_ENTITY, PROVIDER_SAVE_MESSAGES } from "./save-provider.server";

/**
 * A provider's logo (platform spec §5 Logo, §7 POST/GET logo): checked by its bytes (logo-file.ts),
 * stored under a new key each time (so no cache serves the old one), the provider row pointed at
 * it with its version checked and an audit row; the old file removed once the row no longer names
 * it. Served with the type found in its bytes (nosniff comes with every response).
 */
const EXTENSION = { "image/png": "png", "image/jpeg": "jpg" } as const;

export async function saveProviderLogo(actor: UserClaims, providerId: number, version: number, bytes: Uint8Array, now: Date = new Date()): Promise<ActionOutcome> {
  const check = checkLogo(bytes);
  if (!check.ok) return refused({ fieldErrors: { logoFile: [check.message] } });
  const key = `logos/providers/${providerId}-${now.getTime()}.${EXTENSION[check.contentType]}`;
  try {
    await getFileStorage().put(key, bytes);
  } catch (error) {
    log.error("Storing a provider logo failed", { providerId, error });
    return failed({ title: "Fail", message: LOGO_MESSAGES.storing });
  }
  const outcome = await getDb()
    .transaction()
    .execute(async (trx): Promise<{ outcome: ActionOutcome; replaced: string | null }> => {
      const current = await trx.selectFrom("providers").select(["rowVersion", "logoStorageKey"]).where("providerId", "=", providerId).executeTakeFirst();
      if (!current) return { outcome: refused({ formErrors: [PROVIDER_SAVE_MESSAGES.gone], message: PROVIDER_SAVE_MESSAGES.notSaved }), replaced: null };
      if (current.rowVersion !== version) return { outcome: conflict({ title: "Fail", message: PROVIDER_SAVE_MESSAGES.changed }), replaced: null };
      await trx
        .updateTable("providers")
        .set({ logoStorageKey: key, logoContentType: check.contentType, updatedBy: actor.login, updatedDateTime: now.toISOString(), rowVersion: version + 1 })
        .where("providerId", "=", providerId)
        .where("rowVersion", "=", version)
        .execute();
      await recordAudit(trx, { actor: actor.login, action: "saveProviderLogo", entity: PROVIDER_ENTITY, entityId: String(providerId), before: { logo: current.logoStorageKey ? "a logo" : null }, after: { logo: `a new ${check.contentType} logo (${bytes.length} bytes)` }, at: now });
      return { outcome: done(PROVIDER_SAVE_MESSAGES.updated), replaced: current.logoStorageKey };
    });
  // The file of a write that did not happen, or the one the row no longer names, is removed.
  const unused = outcome.outcome.kind === "done" ? outcome.replaced : key;
  if (unused && isValidStorageKey(unused)) await getFileStorage().delete(unused).catch((error: unknown) => log.warn("A provider logo file could not be removed", { key: unused, error }));
  return outcome.outcome;
}

/** GET the logo: its bytes with their type, or null when the provider has none (the route answers 404). */
export async function providerLogoResponse(providerId: number): Promise<Response | null> {
  const row = await getDb().selectFrom("providers").select(["logoStorageKey", "logoContentType"]).where("providerId", "=", providerId).executeTakeFirst();
  if (!row?.logoStorageKey || !isValidStorageKey(row.logoStorageKey) || (row.logoContentType !== "image/png" && row.logoContentType !== "image/jpeg")) return null;
  const file = await getFileStorage().openReadStream(row.logoStorageKey);
  if (!file) return null;
  return new Response(createReadableStreamFromReadable(file.stream), {
    headers: { "Content-Type": row.logoContentType, "Content-Length": String(file.size), "Cache-Control": "private, max-age=300" },
  });
}
