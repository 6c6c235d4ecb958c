import { auditedTransaction, recordAudit } from "~/db/audit-log.server";
import type { RowWriter } from "~/grid/versioned-row-action.server";
import { sendShopRegistration, type SendResult, type ShopRegistrationTarget } from "~/integrations/providers/send-shop-registration.server";
import type { ShopRegistrationMessage } from "~/integrations/providers/shop-registration-message";
import { log } from "~/lib/logger.server";
import { changed, STALE, wroteOne } from "~/modules/audit/versioned-change.server";
import { done, failed, refused, type ActionOutcome } from "~/write-path/action-outcome";
import { changeRegistration } from "./change-registration.server";
import { REGISTRATION_MESSAGES } from "./registration-messages";
import { REGISTRATION_ACTIONS, REGISTRATION_ENTITY, registrationSnapshot, type RegistrationRecord } from "./registration-record.server";
import { resendTarget } from "./resend-target.server";

/**
 * Resend (dashboards spec §7 resendShopRegDetailsToProvider/{shopId}/{providerId}, §8): the
 * registration goes to its provider over real HTTP (resend-target.server.ts). In three steps, so
 * that no transaction waits on the network and a double submit sends once:
 *
 * 1. the claim: at the version the page read, Provider Status becomes Pending, with an audit row
 *    naming where it is sent (a second submit of the same page finds a newer version: refused);
 * 2. the POST, with its deadline;
 * 3. the answer: Provider Status Success or Failed, with an audit row giving the provider's answer
 *    (only the audit row when someone changed the registration meanwhile).
 *
 * An inactive registration is not sent (it was de-registered), nor one without a shop id: 'Missing ShopId information!...', nothing written.
 */

type Claimed = { row: RegistrationRecord & { shopId: number }; target: ShopRegistrationTarget | null };

const NO_TARGET = "no endpoint: the provider has no SHOP_REGISTRATION routing and the built-in sandbox is not running";

function messageOf(row: Claimed["row"]): ShopRegistrationMessage {
  let products: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.diagnosticsProducts);
    if (Array.isArray(parsed)) products = parsed.map(String);
  } catch {
    // A stored list that is not JSON is sent as none.
  }
  return {
    registrationId: row.id,
    providerId: row.providerId,
    providerCustomerId: row.providerCustomerId,
    licenseKey: row.licenseKey,
    shopId: row.shopId,
    shopName: row.shopName,
    address: row.address,
    city: row.city,
    stateCd: row.stateCd,
    zipCode: row.zipCode,
    isActive: row.isActive === 1,
    diagnosticsProducts: products,
  };
}

/** Step 3: the provider's answer on the registration (if no one changed it since the claim) and in the audit. */
async function recordAnswer(writer: RowWriter, claimed: Claimed, claimedVersion: number, result: SendResult): Promise<void> {
  const at = new Date();
  const providerStatus = result.ok ? "Success" : "Failed";
  const providerAnswer = result.ok ? "SUCCESS" : result.reason;
  const { row } = claimed;
  await auditedTransaction(async (trx) => {
    const updated = await trx
      .updateTable("shopRegistrations")
      .set({ providerStatus, lastModifiedDateTime: at.toISOString(), rowVersion: claimedVersion + 1 })
      .where("id", "=", row.id)
      .where("rowVersion", "=", claimedVersion)
      .executeTakeFirst();
    const statusChange = wroteOne(updated) ? { before: { providerStatus: "Pending" }, after: { providerStatus } } : { before: {}, after: {} };
    await recordAudit(trx, {
      actor: writer.actor.login,
      action: REGISTRATION_ACTIONS.resendAnswer,
      entity: REGISTRATION_ENTITY,
      entityId: String(row.id),
      before: statusChange.before,
      after: { ...statusChange.after, providerAnswer },
      at,
    });
  });
}

export async function resendRegistration(writer: RowWriter, id: number, version: number): Promise<ActionOutcome> {
  let claimed: Claimed | null = null;
  const claim = await changeRegistration(writer, id, version, REGISTRATION_ACTIONS.resend, async (trx, row) => {
    const { shopId } = row;
    if (row.isActive !== 1) {
      return refused({ formErrors: [REGISTRATION_MESSAGES.inactiveNotSent], message: { title: "Fail", message: REGISTRATION_MESSAGES.inactiveNotSent } });
    }
    if (shopId === null) {
      return refused({ formErrors: [REGISTRATION_MESSAGES.missingShopId], message: { title: "Fail", message: REGISTRATION_MESSAGES.missingShopId } });
    }
    const target = await resendTarget(row.providerId, trx);
    const updated = await trx
      .updateTable("shopRegistrations")
      .set({ providerStatus: "Pending", lastModifiedDateTime: writer.now.toISOString(), rowVersion: version + 1 })
      .where("id", "=", id)
      .where("rowVersion", "=", version)
      .executeTakeFirst();
    if (!wroteOne(updated)) return STALE;
    claimed = { row: { ...row, shopId, providerStatus: "Pending" }, target };
    return changed(done(REGISTRATION_MESSAGES.resent), {
      action: REGISTRATION_ACTIONS.resend,
      before: registrationSnapshot(row),
      after: { ...registrationSnapshot({ ...row, providerStatus: "Pending" }), resentTo: target?.name ?? "no endpoint" },
    });
  });
  // TypeScript cannot see the assignment inside the callback.
  const sent = claimed as Claimed | null;
  if (claim.kind !== "done" || sent === null) return claim;

  const result: SendResult = sent.target ? await sendShopRegistration(sent.target, messageOf(sent.row)) : { ok: false, reason: NO_TARGET };
  await recordAnswer(writer, sent, version + 1, result);
  if (result.ok) return claim;
  log.warn("Resending a shop registration failed", {
    registrationId: id,
    providerId: sent.row.providerId,
    target: sent.target?.name ?? null,
    reason: result.reason,
  });
  return failed(REGISTRATION_MESSAGES.resendFailed);
}
