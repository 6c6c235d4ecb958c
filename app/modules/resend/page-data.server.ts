import { providerScopeOf } from "~/auth/provider-scope.server";
import type { UserClaims } from "~/auth/user-claims";
import { RESEND_FIELDS, RESULT_PARAM } from "./form-fields";
import type { ResendPageData } from "./page-data";
import { finishedOutcome, newResendToken } from "./resend-token.server";
import { backOf, requestedIds, TOKEN_PATTERN } from "./schema";
import { checkSelection } from "./selection.server";

export async function resendPageData(user: UserClaims, url: URL): Promise<ResendPageData> {
  const back = backOf(url.searchParams);
  const resultToken = url.searchParams.get(RESULT_PARAM);
  if (resultToken && TOKEN_PATTERN.test(resultToken)) {
    const outcome = await finishedOutcome(resultToken, user.id);
    if (outcome) return { kind: "result", outcome, back };
  }
  const ids = requestedIds(url.searchParams.getAll(RESEND_FIELDS.ids));
  const { rows, refusals } = await checkSelection(ids, await providerScopeOf(user));
  return {
    kind: "form",
    ids,
    rows: rows.map(({ scanRequestId, scanType, status, vin, shopName }) => ({ scanRequestId, scanType, status, vin, shopName })),
    refusals,
    token: refusals.length === 0 ? newResendToken(user.id) : null,
    back,
  };
}
