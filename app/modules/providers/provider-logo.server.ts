import { createReadableStreamFromReadable } from "@remix-run/node";
import type { UserClaims } from "~/auth/user-claims";
import { auditedTransaction, recordAudit } from "~/db/audit-log.server";
import { getDb } from "~/db/db.server";
import { getFileStorage } from "~/integrations/file-storage.server";
import { isValidStorageKey } from "~/integrations/storage.server";
import { log } from "~/lib/logger.server";
import type { Trx } from "~/modules/audit/versioned-change.server";
import { conflict, done, failed, refused, type ActionOutcome, type RefusedOutcome } from "~/write-path/action-outcome";
import { checkLogo, LOGO_MESSAGES, type LogoContentType } from "./logo-file";
import { PROVIDER_FORM_FIELDS } from "./provider-detail";
import { PROVIDER_ENTITY, PROVIDER_SAVE_MESSAGES } from "./provider-save-messages";

/**
 * A provider's logo (platform spec §5 Logo, §7 POST/GET logo): checked by its bytes (logo-file.ts),
 * stored under a new key each time (so no cache serves the old one), the provider row pointed at
 * it with its version checked and an audit row, in the transaction of the write it belongs to
 * (decision 0076): the file is stored last, and a store that fails rolls the whole write back. The
 * old file is removed once the row no longer names it, the new one when the write did not happen.
 * Served with the type found in its bytes (nosniff comes with every response).
 */
const EXTENSION = { "image/png": "png", "image/jpeg": "jpg" } as const;

/** A logo whose bytes are a JPEG or PNG, with the key it is stored under. */
export interface CheckedLogo {
  bytes: Uint8Array;
  contentType: LogoContentType;
  key: string;
}

/** The logo checked by its bytes, or the form's refusal. */
export function checkedLogo(providerId: number, bytes: Uint8Array, now: Date): CheckedLogo | RefusedOutcome {
  const check = checkLogo(bytes);
  if (!check.ok) return refused({ fieldErrors: { [PROVIDER_FORM_FIELDS.logoFile]: [check.message] } });
  return { bytes, contentType: check.contentType, key: `logos/providers/${providerId}-${now.getTime()}.${EXTENSION[check.contentType]}` };
}

export const isCheckedLogo = (value: CheckedLogo | RefusedOutcome): value is CheckedLogo => "bytes" in value;

/** Thrown inside the transaction when the file cannot be stored: the write rolls back. */
export class LogoNotStored extends Error {
  constructor(
    readonly providerId: number,
    options: { cause: unknown },
  ) {
    super("The provider logo could not be stored", options);
  }
}

export type LogoWrite = { kind: "written"; replaced: string | null } | { kind: "gone" } | { kind: "stale" };

/** The logo written in trx at the row's version: the row, its audit row, then the file (LogoNotStored when it cannot be). */
export async function writeLogo(trx: Trx, actor: UserClaims, providerId: number, version: number, logo: CheckedLogo, now: Date): Promise<LogoWrite> {
  const current = await trx.selectFrom("providers").select(["rowVersion", "logoStorageKey"]).where("providerId", "=", providerId).executeTakeFirst();
  if (!current) return { kind: "gone" };
  if (current.rowVersion !== version) return { kind: "stale" };
  await trx
    .updateTable("providers")
    .set({ logoStorageKey: logo.key, logoContentType: logo.contentType, updatedBy: actor.login, updatedDateTime: now.toISOString(), rowVersion: version + 1 })
    .where("providerId", "=", providerId)
    .where("rowVersion", "=", version)
    .execute();
  const before = { logo: current.logoStorageKey ? "a logo" : null };
  const after = { logo: `a new ${logo.contentType} logo (${logo.bytes.length} bytes)` };
  await recordAudit(trx, { actor: actor.login, action: "saveProviderLogo", entity: PROVIDER_ENTITY, entityId: String(providerId), before, after, at: now });
  try {
    await getFileStorage().put(logo.key, logo.bytes);
  } catch (error) {
    throw new LogoNotStored(providerId, { cause: error });
  }
  return { kind: "written", replaced: current.logoStorageKey };
}

/** A logo file no row names any more (the replaced one, or the new one of a write that did not happen). */
export async function removeLogoFile(key: string | null): Promise<void> {
  if (!key || !isValidStorageKey(key)) return;
  await getFileStorage()
    .delete(key)
    .catch((error: unknown) => log.warn("A provider logo file could not be removed", { key, error }));
}

/**
 * Runs a write that stores a logo in its transaction: the spec's 'Failed at saving logo image.' when
 * the file could not be stored (nothing was written), and the file of a write that did not happen
 * removed. `replaced` says which file the committed write replaced.
 */
export async function withLogoWrite(logo: CheckedLogo, write: () => Promise<ActionOutcome>, replaced: () => string | null): Promise<ActionOutcome> {
  let outcome: ActionOutcome;
  try {
    outcome = await write();
  } catch (error) {
    if (!(error instanceof LogoNotStored)) {
      // Stored, then the transaction broke: no row names the file.
      await removeLogoFile(logo.key);
      throw error;
    }
    log.error("Storing a provider logo failed", { providerId: error.providerId, error: error.cause });
    return failed({ title: "Fail", message: LOGO_MESSAGES.storing });
  }
  // The file is stored last: a write that did not happen (gone, stale, refused) never stored it.
  if (outcome.kind === "done") await removeLogoFile(replaced());
  return outcome;
}

/** The logo alone (POST logo): the provider at the version the form read. */
export async function saveProviderLogo(
  actor: UserClaims,
  providerId: number,
  version: number,
  bytes: Uint8Array,
  now: Date = new Date(),
): Promise<ActionOutcome> {
  const logo = checkedLogo(providerId, bytes, now);
  if (!isCheckedLogo(logo)) return logo;
  let replaced: string | null = null;
  const write = async () => {
    const written = await auditedTransaction((trx) => writeLogo(trx, actor, providerId, version, logo, now));
    if (written.kind === "gone") return refused({ formErrors: [PROVIDER_SAVE_MESSAGES.gone], message: PROVIDER_SAVE_MESSAGES.notSaved });
    if (written.kind === "stale") return conflict({ title: "Fail", message: PROVIDER_SAVE_MESSAGES.changed });
    replaced = written.replaced;
    return done(PROVIDER_SAVE_MESSAGES.updated);
  };
  return withLogoWrite(logo, write, () => replaced);
}

/** GET the logo: its bytes with their type, or null when the provider has none (the route answers 404). */
export async function providerLogoResponse(providerId: number): Promise<Response | null> {
  const row = await getDb().selectFrom("providers").select(["logoStorageKey", "logoContentType"]).where("providerId", "=", providerId).executeTakeFirst();
  if (!row?.logoStorageKey || !isValidStorageKey(row.logoStorageKey) || (row.logoContentType !== "image/png" && row.logoContentType !== "image/jpeg"))
    return null;
  const file = await getFileStorage().openReadStream(row.logoStorageKey);
  if (!file) return null;
  return new Response(createReadableStreamFromReadable(file.stream), {
    headers: { "Content-Type": row.logoContentType, "Content-Length": String(file.size), "Cache-Control": "private, max-age=300" },
  });
}
