import { digitsMask, MASK_MESSAGES } from "~/forms/input-mask";
import { recordFormWords } from "~/grid/record-form-words";
import type { PopUpMessage } from "~/write-path/action-outcome";
import { CREATE_FORM_FIELDS, createFormWords } from "~/write-path/create-form";

/**
 * The ETL variable form's names, limits and words (client-safe, no zod: the schema is etl-schema.ts). Every text field is trimmed and an empty one is stored as null (spec §5); with
 * no field at all the form is refused with the spec's 'No inputs'. An edit carries the row's
 * version (rowVersion) it was read at.
 */
export const ETL_INTENTS = { save: "saveEtlVariable", delete: "deleteEtlVariables" } as const;
export const ADD_ETL_LABEL = "New Etl Variable";
export const ADD_ETL_TITLE = "Add New Etl Variable";
export const MAX_DELETE = 100;
export const MAX_TEXT = 1000;
/** The largest var_id and etl_batch_id the columns hold (4-byte integers on PostgreSQL). */
export const MAX_INTEGER = 2_147_483_647;
/** Batch Id takes digits only (spec §5 'etlBatchId numeric'): at most 10, as many as MAX_INTEGER has. */
export const ETL_BATCH_ID_MASK = digitsMask(10);

/** The form's text fields in the order the form shows them, with their labels. */
export const ETL_TEXT_FIELDS = {
  varParentKey: "Parent Key",
  varParentVal: "Parent Value",
  varChildKey: "Child Key",
  varChildVal: "Child Value",
  etlJobName: "Job Name",
} as const;
export type EtlTextField = keyof typeof ETL_TEXT_FIELDS;
export const ETL_FIELDS = { varId: "varId", version: "version", etlBatchId: "etlBatchId", ...CREATE_FORM_FIELDS } as const;

export const ETL_MESSAGES = {
  ...recordFormWords("ETL variable", "ETL variable"),
  ...createFormWords(ADD_ETL_TITLE, "ETL variable"),
  updated: { title: "Success", message: "The items is updated successfully" } satisfies PopUpMessage,
  added: { title: "Success", message: "RedShift Etl variable added successfully" } satisfies PopUpMessage,
  deleted: { title: "Success", message: "The selected items are deleted successfully" } satisfies PopUpMessage,
  noInputsTitle: "Error",
  noInputs: "No inputs. Need to insert any input",
  batchIdNumeric: MASK_MESSAGES.format(ETL_BATCH_ID_MASK),
  batchIdTooBig: `Batch Id is at most ${MAX_INTEGER}.`,
  tooLong: (label: string) => `${label} is at most ${MAX_TEXT} characters.`,
} as const;

/** The spec's failure words (§8: edit 'Fail' with the error, create 'Fail', delete 'Error: Failed to delete selected items'). */
export const ETL_NOT_SAVED: PopUpMessage = { title: "Fail", message: "The ETL variable could not be saved. Please try it again." };
export const ETL_NOT_DELETED: PopUpMessage = { title: "Error", message: "Failed to delete selected items" };
