import { createFormPage } from "~/write-path/create-form-page.server";
import { ETL_INTENTS, ETL_MESSAGES, ETL_NOT_SAVED } from "./etl-form";
import { etlFieldsSchema } from "./etl-schema";
import { ETL_PATH } from "./grid";
import { addEtlVariable } from "./save-etl-variable.server";

/**
 * Add New Etl Variable (dashboards spec §2.7): a page of its own without JavaScript, the grid's
 * dialog with it; both post here, once per form. Only for users who may write ETL variables (404 otherwise).
 */
export const newEtlVariablePage = createFormPage({
  gridPath: ETL_PATH,
  purpose: "etlVariable",
  schema: etlFieldsSchema,
  words: ETL_MESSAGES,
  intent: ETL_INTENTS.save,
  failure: ETL_NOT_SAVED,
  logAs: "Adding an ETL variable failed",
  create: (writer, fields, once) => once(() => addEtlVariable(writer, fields)),
});
