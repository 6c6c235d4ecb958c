import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { flashCookieHeader } from "~/lib/flash.server";
import { log } from "~/lib/logger.server";
import { notFound } from "~/lib/not-found";
import { readForm } from "~/lib/read-form.server";
import type { ResendOutcome } from "~/modules/resend/outcome";
import { wantsDialog } from "~/modules/resend/schema";
import { isSingleResendKind, SINGLE_RESEND_FIELDS } from "~/modules/resend/single-resend-form";
import { brokenOutcome, expiredFormOutcome } from "~/modules/resend/single-resend-outcome";
import { parseSingleResendForm, singleResendBack } from "~/modules/resend/single-resend-schema";
import { singleResend, type SingleResendAnswer } from "~/modules/resend/single-resend.server";

/**
 * A single resend from a detail view: POST /transactions/{id}/resend with kind=results|invoice, the
 * form's one-time token and the detail view to go back to. Without JavaScript the answer is a
 * redirect back with the outcome in the pop-up; the button's fetcher (respond=dialog) gets the
 * outcome as data. GET changes nothing.
 */

export interface SingleResendActionData {
  outcome: ResendOutcome;
}

async function answer(outcome: ResendOutcome, status: number, dialog: boolean, back: string): Promise<Response> {
  if (dialog) return Response.json({ outcome } satisfies SingleResendActionData, { status, headers: { "Cache-Control": "no-store" } });
  return redirect(back, { headers: { "Set-Cookie": await flashCookieHeader(outcome) } });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePage(request, "transactions");
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requirePage(request, "transactions");
  const formData = await readForm(request);
  const dialog = wantsDialog(formData);
  const form = parseSingleResendForm(formData, params.id ?? "");
  if (!form) {
    const kind = formData.get(SINGLE_RESEND_FIELDS.kind);
    return answer(expiredFormOutcome(isSingleResendKind(kind) ? kind : null), 400, dialog, singleResendBack(formData.get(SINGLE_RESEND_FIELDS.back), params.id ?? ""));
  }
  let result: SingleResendAnswer;
  try {
    result = await singleResend(user, params.id, form);
  } catch (error) {
    log.error("A single resend failed", { error });
    result = { kind: "done", outcome: brokenOutcome(form.kind) };
  }
  if (result.kind === "not-found") notFound();
  return answer(result.outcome, result.kind === "refused" ? 400 : 200, dialog, form.back);
}
