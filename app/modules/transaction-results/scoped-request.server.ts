import type { ProviderScope } from "~/auth/provider-scope.server";
import { getDb } from "~/db/db.server";
import { parseRecordId } from "~/lib/record-id";

export interface ScopedRequest {
  scanRequestId: number;
  scanType: string;
  status: string;
}

/**
 * The scan request the user may see, or null for an unknown id and for another provider's request
 * of a provider-only user alike (both end in the same 404).
 */
export async function findScopedRequest(requestId: string | undefined, scope: ProviderScope): Promise<ScopedRequest | null> {
  const id = parseRecordId(requestId);
  if (id === null) return null;
  let query = getDb().selectFrom("scanRequests").select(["scanRequestId", "scanType", "status"]).where("scanRequestId", "=", id);
  if (scope.restricted) query = query.where("providerId", "=", scope.providerId);
  return (await query.executeTakeFirst()) ?? null;
}
