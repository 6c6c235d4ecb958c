import type { TRANSACTION_TYPES } from "~/modules/transactions/vocabulary";

/**
 * Document transaction types: the vocabulary's three for scan requests, and QUOTE for the quote
 * workflow, whose documents the spec shows without naming their type.
 */
export type TransactionType = (typeof TRANSACTION_TYPES)[number] | "QUOTE";
