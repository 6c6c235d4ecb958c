import type { SignedIn } from "~/auth/user-session.server";
import { done } from "~/write-path/action-outcome";
import { answerAction } from "~/write-path/answer-action.server";
import { createOnce, withFormToken } from "~/write-path/create-once.server";
import { newFormToken } from "~/write-path/one-time-form.server";
import { parseForm } from "~/write-path/parse-form.server";
import { readForm } from "~/write-path/read-form.server";
import { refusedSubmission } from "~/write-path/refused-submission";
import { runAction } from "~/write-path/run-action.server";
import { PROVIDERS_PATH } from "./grid";
import { providerChoices } from "./provider-choices.server";
import { newProviderServerSchema } from "./routing-address.server";
import { addProvider, PROVIDER_SAVE_MESSAGES } from "./save-provider.server";

/** The page's data: the configured choices, and the form's one-time token (decision 0079). */
export async function loadNewProviderPage(signedIn: SignedIn) {
  return { choices: await providerChoices(), token: newFormToken("provider", signedIn.user.id) };
}

/**
 * The new provider, once per form, then the Providers table filtered to it with its row open;
 * 'Saved the new Provider Item'. A repeated POST of the same form gets the same answer.
 */
export async function actOnNewProviderPage(request: Request, signedIn: SignedIn) {
  const formData = await readForm(request);
  const submission = parseForm(formData, withFormToken(newProviderServerSchema));
  if (submission.status !== "success") return answerAction(formData, refusedSubmission(submission), { back: PROVIDERS_PATH });
  const { token, ...value } = submission.value;
  const form = { purpose: "provider" as const, token: token ?? "", userId: signedIn.user.id };
  const outcome = await runAction(
    async () => {
      const added = await createOnce(form, PROVIDER_SAVE_MESSAGES, async () => {
        const outcome = await addProvider(signedIn.user, value);
        return outcome.kind === "done"
          ? done(outcome.message, { back: `${PROVIDERS_PATH}?providerId=${value.providerId}&expanded=${value.providerId}` })
          : outcome;
      });
      return added.kind === "refused" ? refusedSubmission(submission, { fieldErrors: added.fieldErrors, formErrors: added.formErrors }) : added;
    },
    { failure: PROVIDER_SAVE_MESSAGES.addFailed, logAs: "Adding a provider failed" },
  );
  return answerAction(formData, outcome, { back: PROVIDERS_PATH });
}
