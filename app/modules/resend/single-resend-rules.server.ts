import { providerScopeOf, type ProviderScope } from "~/auth/provider-scope.server";
import type { UserClaims } from "~/auth/user-claims";
import { getDb } from "~/db/db.server";
import { parseRecordId } from "~/lib/record-id";
import { readConfigurationEntries } from "~/platform/configuration/configuration-entries.server";
import { newResendToken } from "./resend-token.server";
import {
  ALLOWED_FOR_RESEND_INVOICE,
  ALLOWED_FOR_RESEND_RESULTS,
  RESULT_REPORT_TYPE,
  singleResendAvailability,
  type ResendConfigurationEntry,
  type ResendFacts,
  type SingleResendAvailability,
} from "./single-resend-rules";

export interface ResendTransaction extends ResendFacts {
  scanRequestId: number;
}

/** The transaction as the rules see it, or null when it does not exist or is outside the scope. */
export async function findResendTransaction(scanRequestId: number, scope: ProviderScope): Promise<ResendTransaction | null> {
  let query = getDb()
    .selectFrom("scanRequests as sr")
    .select((eb) => [
      "sr.scanRequestId",
      "sr.providerId",
      "sr.scanType",
      "sr.scanResponseId",
      "sr.invoiceStatus",
      eb
        .exists(
          eb
            .selectFrom("reportAttachments as ra")
            .select("ra.id")
            .whereRef("ra.scanRequestId", "=", "sr.scanRequestId")
            .where("ra.type", "=", RESULT_REPORT_TYPE),
        )
        .as("hasResultReport"),
    ])
    .where("sr.scanRequestId", "=", scanRequestId);
  if (scope.restricted) query = query.where("sr.providerId", "=", scope.providerId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return { ...row, hasResultReport: Boolean(row.hasResultReport) };
}

/** The active entries of both keys, in a stable order. */
export async function resendConfigurationEntries(): Promise<{ results: ResendConfigurationEntry[]; invoice: ResendConfigurationEntry[] }> {
  const entries = await readConfigurationEntries([ALLOWED_FOR_RESEND_RESULTS, ALLOWED_FOR_RESEND_INVOICE]);
  return { results: entries[ALLOWED_FOR_RESEND_RESULTS], invoice: entries[ALLOWED_FOR_RESEND_INVOICE] };
}

/** A transaction the user may see and which of its single resends the rules allow. */
export async function checkSingleResend(
  user: Pick<UserClaims, "roles" | "companyId">,
  requestId: string | number | undefined,
): Promise<{ transaction: ResendTransaction; allowed: SingleResendAvailability } | null> {
  const id = parseRecordId(requestId);
  if (id === null) return null;
  const transaction = await findResendTransaction(id, await providerScopeOf(user));
  if (!transaction) return null;
  return { transaction, allowed: singleResendAvailability(transaction, await resendConfigurationEntries()) };
}

export interface SingleResendOptions extends SingleResendAvailability {
  /** One one-time form token per allowed resend (null when not allowed): each button is its own form. */
  tokens: { results: string | null; invoice: string | null };
}

/**
 * For the detail view's loader: which resend buttons to show, with their form tokens; null when
 * the id is unknown or outside the user's provider scope (the detail view is a 404 then anyway).
 */
export async function singleResendOptions(
  user: Pick<UserClaims, "id" | "roles" | "companyId">,
  requestId: string | number | undefined,
): Promise<SingleResendOptions | null> {
  const checked = await checkSingleResend(user, requestId);
  if (!checked) return null;
  const { allowed } = checked;
  return {
    ...allowed,
    tokens: { results: allowed.results ? newResendToken(user.id) : null, invoice: allowed.invoice ? newResendToken(user.id) : null },
  };
}
