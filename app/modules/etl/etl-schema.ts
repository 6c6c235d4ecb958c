import { z } from "zod";
import { ETL_MESSAGES, ETL_TEXT_FIELDS, MAX_INTEGER, MAX_TEXT } from "./etl-form";

/**
 * The ETL variable form as the server reads it (etl-form.ts says why each rule): the expanded row's
 * Save reads it with the row's version (versionedRowAction), Add New Etl Variable with its token.
 */
const text = (label: string) => z.string().trim().max(MAX_TEXT, ETL_MESSAGES.tooLong(label)).optional();

export const etlFieldsSchema = z.object({
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
