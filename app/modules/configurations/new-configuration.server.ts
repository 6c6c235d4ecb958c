import { exactPaths, safeReturnTo } from "~/auth/return-to";
import type { SignedIn } from "~/auth/user-session.server";
import { userTimeZone } from "~/platform/time-zone.server";
import { answerAction } from "~/write-path/answer-action.server";
import { readForm } from "~/write-path/read-form.server";
import { submitForm } from "~/write-path/submit-form.server";
import { CONFIGURATION_INTENTS, CONFIGURATION_NOT_SAVED } from "./configuration-form";
import { configurationSubmissionSchema } from "./configuration-submission.server";
import { submitConfiguration } from "./configuration-writes.server";
import { configurationShownAgain, FIELDS } from "./editor-values";
import { CONFIGURATION_PATH } from "./grid";

/**
 * Add Configuration (platform spec §2): a page of its own without JavaScript, the grid's dialog
 * with it; both post here. Only for users who may write configurations (404 otherwise).
 */
const gridPages = exactPaths(CONFIGURATION_PATH);

/** The grid page to go back to (the grid's own address with its query), or the grid. */
export function configurationReturnTo(value: FormDataEntryValue | string | null): string {
  return safeReturnTo(typeof value === "string" ? value : "", CONFIGURATION_PATH, gridPages);
}

export function loadNewConfigurationPage(request: Request) {
  return { returnTo: configurationReturnTo(new URL(request.url).searchParams.get(FIELDS.returnTo)) };
}

export async function actOnNewConfiguration(request: Request, signedIn: SignedIn) {
  const formData = await readForm(request);
  const { timeZone } = await userTimeZone(request, signedIn.user.id);
  const outcome = await submitForm(formData, configurationSubmissionSchema, {
    intent: CONFIGURATION_INTENTS.save,
    shownAgain: configurationShownAgain,
    failure: CONFIGURATION_NOT_SAVED,
    logAs: "Adding a configuration failed",
    run: (submission) => submitConfiguration({ actor: signedIn.user, timeZone }, submission),
  });
  return answerAction(formData, outcome, { back: configurationReturnTo(formData.get(FIELDS.returnTo)), fallback: CONFIGURATION_PATH, area: gridPages });
}
