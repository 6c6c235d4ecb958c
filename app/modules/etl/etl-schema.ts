import { z } from "zod";
import { ETL_MESSAGES, ETL_TEXT_FIELDS, MAX_INTEGER, MAX_TEXT } from "./etl-form";

/** The ETL variable form as the server reads it (etl-form.ts says why each rule). */
const text = (label: string) => z.string().trim().max(MAX_TEXT, ETL_MESSAGES.tooLong(label)).optional();

const etlFieldsSchema = z.object({
  varParentKey: text(ETL_TEXT_FIELDS.varParentKey),
  varParentVal: text(ETL_TEXT_FIELDS.varParentVal),
  varChildKey: text(ETL_TEXT_FIELDS.varChildKey),
  varChildVal: text(ETL_TEXT_FIELDS.varChildVal),
  etlJobName: text(ETL_TEXT_FIELDS.etlJobName),
  etlBatchId: z
    .string()
    .trim()
    .regex(/^\d*$/, ETL_MESSAGES.batchIdNumeric)
    .refine((value) => !/^\d+$/.test(value) || (value.length <= 10 && Number(value) <= MAX_INTEGER), ETL_MESSAGES.batchIdTooBig)
    .optional(),
});
export type EtlFields = z.infer<typeof etlFieldsSchema>;

/** The expanded row's form: the fields at the version (rowVersion) it was read at; the variable is the row the grid checked. */
export const etlFormSchema = etlFieldsSchema.extend({ version: z.coerce.number().int().positive().max(MAX_INTEGER).optional() });
export type EtlForm = z.infer<typeof etlFormSchema>;

/** Add New Etl Variable's form: the fields and the form's one-time token. */
export const newEtlFormSchema = etlFieldsSchema.extend({ token: z.string().optional() });
