import { z } from "zod";

/** The configuration entries the transactions and services filters read their options from (client-safe: the configuration form checks them). */
export const TRANSACTION_FILTER_OPTIONS_KEY = "TRANSACTION_FILTER_OPTIONS";
export const PROVIDER_SCAN_STATUS_OPTIONS_KEY = "PROVIDER_SCAN_STATUS_OPTIONS";

/** One filter's options: a list of non-empty codes. */
export const filterCodesSchema = z.array(z.string().min(1));

/** TRANSACTION_FILTER_OPTIONS as it must be saved; the readers take what they can of it (a bad list reads as empty). */
export const transactionFilterOptionsSchema = z.object({
  statusOptions: filterCodesSchema.optional(),
  clientTypeOptions: filterCodesSchema.optional(),
  scanPhaseOptions: filterCodesSchema.optional(),
  invoiceStatusOptions: filterCodesSchema.optional(),
  billableOptions: filterCodesSchema.optional(),
});

/** A reader's view of one list: anything malformed reads as no options. */
export const lenientCodes = filterCodesSchema.catch([]);
