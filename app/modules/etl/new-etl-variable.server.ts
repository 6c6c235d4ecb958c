import { exactPaths, safeReturnTo } from "~/auth/return-to";
import type { SignedIn } from "~/auth/user-session.server";
import { userTimeZone } from "~/platform/time-zone.server";
import { answerAction } from "~/write-path/answer-action.server";
import { readForm } from "~/write-path/read-form.server";
import { submitForm } from "~/write-path/submit-form.server";
import { ETL_FIELDS, ETL_INTENTS, ETL_NOT_SAVED } from "./etl-form";
import { newEtlFormSchema } from "./etl-schema";
import { ETL_PATH } from "./grid";
import { addEtlVariable, newEtlFormToken } from "./save-etl-variable.server";

/**
 * Add New Etl Variable (dashboards spec §2.7): a page of its own without JavaScript, the grid's
 * dialog with it; both post here. Only for users who may write ETL variables (404 otherwise).
 */
const gridPages = exactPaths(ETL_PATH);

/** The grid page to go back to (the grid's own address with its query), or the grid. */
export function etlReturnTo(value: FormDataEntryValue | string | null): string {
  return safeReturnTo(typeof value === "string" ? value : "", ETL_PATH, gridPages);
}

/** The page's (and the dialog's) data: where to go back to, and the form's one-time token. */
export function loadNewEtlPage(request: Request, signedIn: SignedIn) {
  return { returnTo: etlReturnTo(new URL(request.url).searchParams.get(ETL_FIELDS.returnTo)), token: newEtlFormToken(signedIn.user.id) };
}

export async function actOnNewEtlVariable(request: Request, signedIn: SignedIn) {
  const formData = await readForm(request);
  const { timeZone } = await userTimeZone(request, signedIn.user.id);
  const outcome = await submitForm(formData, newEtlFormSchema, {
    intent: ETL_INTENTS.save,
    failure: ETL_NOT_SAVED,
    logAs: "Adding an ETL variable failed",
    run: ({ token, ...fields }) => addEtlVariable({ actor: signedIn.user, timeZone }, fields, token ?? ""),
  });
  return answerAction(formData, outcome, { back: etlReturnTo(formData.get(ETL_FIELDS.returnTo)), fallback: ETL_PATH, area: gridPages });
}
