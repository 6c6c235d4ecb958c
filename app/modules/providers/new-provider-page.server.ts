import type { SignedIn } from "~/auth/user-session.server";
import { done } from "~/write-path/action-outcome";
import { answerAction } from "~/write-path/answer-action.server";
import { parseForm } from "~/write-path/parse-form.server";
import { readForm } from "~/write-path/read-form.server";
import { refusedSubmission } from "~/write-path/refused-submission";
import { runAction } from "~/write-path/run-action.server";
import { PROVIDERS_PATH } from "./grid";
import { providerChoices } from "./provider-choices.server";
import { newProviderServerSchema } from "./routing-address.server";
import { addProvider, PROVIDER_SAVE_MESSAGES } from "./save-provider.server";

export async function loadNewProviderPage() {
  return { choices: await providerChoices() };
}

/** The new provider, then the Providers table filtered to it with its row open; 'Saved the new Provider Item'. */
export async function actOnNewProviderPage(request: Request, signedIn: SignedIn) {
  const formData = await readForm(request);
  const submission = parseForm(formData, newProviderServerSchema);
  if (submission.status !== "success") return answerAction(formData, refusedSubmission(submission), { back: PROVIDERS_PATH });
  const value = submission.value;
  const outcome = await runAction(
    async () => {
      const added = await addProvider(signedIn.user, value);
      if (added.kind === "refused") return refusedSubmission(submission, { fieldErrors: added.fieldErrors, formErrors: added.formErrors });
      return added.kind === "done" ? done(added.message, { back: `${PROVIDERS_PATH}?providerId=${value.providerId}&expanded=${value.providerId}` }) : added;
    },
    { failure: PROVIDER_SAVE_MESSAGES.addFailed, logAs: "Adding a provider failed" },
  );
  return answerAction(formData, outcome, { back: PROVIDERS_PATH });
}
