import { createFormPage } from "~/write-path/create-form-page.server";
import { CONFIGURATION_INTENTS, CONFIGURATION_MESSAGES, CONFIGURATION_NOT_SAVED } from "./configuration-form";
import { configurationSubmissionSchema } from "./configuration-submission.server";
import { submitConfiguration } from "./configuration-writes.server";
import { configurationShownAgain } from "./editor-values";
import { CONFIGURATION_PATH } from "./grid";

/**
 * Add Configuration (platform spec §2): a page of its own without JavaScript, the grid's dialog
 * with it; both post here, once per form (an editor step is answered without using the form up).
 * Only for users who may write configurations (404 otherwise).
 */
export const newConfigurationPage = createFormPage({
  gridPath: CONFIGURATION_PATH,
  purpose: "configuration",
  schema: configurationSubmissionSchema,
  words: CONFIGURATION_MESSAGES,
  intent: CONFIGURATION_INTENTS.save,
  shownAgain: configurationShownAgain,
  failure: CONFIGURATION_NOT_SAVED,
  logAs: "Adding a configuration failed",
  create: (writer, submission, once) => submitConfiguration(writer, submission, undefined, once),
});
