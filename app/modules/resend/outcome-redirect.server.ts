import { redirect } from "@remix-run/node";
import { flashCookieHeader } from "~/lib/flash.server";
import { RESEND_FIELDS, RESEND_PATH } from "./form-fields";
import type { ResendOutcome } from "./outcome";
import { RESULT_PARAM } from "./page-data.server";

/**
 * Browsers drop a cookie whose name and value exceed 4096 bytes, silently. The pop-up's flash
 * cookie holds the outcome while it fits; a longer outcome is shown by the resend page itself,
 * from the stored result (kept with the form's token).
 */
export const FLASH_COOKIE_LIMIT = 4000;

export async function redirectWithOutcome(outcome: ResendOutcome, token: string, back: string): Promise<Response> {
  const setCookie = await flashCookieHeader(outcome);
  const nameAndValue = setCookie.split(";")[0] ?? "";
  if (Buffer.byteLength(nameAndValue) <= FLASH_COOKIE_LIMIT) return redirect(back, { headers: { "Set-Cookie": setCookie } });
  const query = new URLSearchParams({ [RESULT_PARAM]: token, [RESEND_FIELDS.back]: back });
  return redirect(`${RESEND_PATH}?${query.toString()}`);
}
