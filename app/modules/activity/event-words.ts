import type { FilterOption } from "~/grid/definition";

/**
 * The Activity screen's words for what the audit log stores as keys (client-safe): the kinds of
 * record, the actions and the outcomes. A key without words (a write added later) shows as it is.
 */
export const ENTITY_WORDS: Readonly<Record<string, string>> = {
  user: "User",
  provider: "Provider",
  configuration: "Configuration",
  shopRegistration: "Shop registration",
  deviceRegistration: "Device registration",
  etlVariable: "ETL variable",
  shop: "Shop",
  scan_requests: "Scan request",
  error_records: "Feedback/error record",
  userPreference: "User preference",
  auditLog: "Audit log",
};

export const ACTION_WORDS: Readonly<Record<string, string>> = {
  signIn: "Sign-in",
  changeRoles: "Change roles",
  addProvider: "Add provider",
  updateProvider: "Update provider",
  saveProviderLogo: "Save provider logo",
  createConfiguration: "Add configuration",
  updateConfiguration: "Update configuration",
  deleteConfiguration: "Delete configuration",
  updateRfDetails: "Update RF details",
  resendShopRegistration: "Resend shop registration",
  resendShopRegistrationAnswer: "Provider's answer to a resend",
  deregisterShopRegistration: "DeRegister shop registration",
  deleteShopRegistration: "Delete shop registration",
  deregisterDevice: "DeRegister device",
  deleteDevice: "Delete device",
  createEtlVariable: "Add ETL variable",
  updateEtlVariable: "Update ETL variable",
  deleteEtlVariable: "Delete ETL variable",
  loadShopDocument: "Load shop document",
  resend: "Resend to CCC ONE",
  create: "Submit feedback",
  savePreference: "Save preference",
  pruneAuditLog: "Prune the audit log",
  // The screens' forms, as a refused write names what was tried (decision 0087).
  saveRoles: "Save roles",
  bulkAssignRoles: "Bulk role assignment",
  assignApplicationRoles: "Applications' role assignment",
  saveProvider: "Save provider",
  saveConfiguration: "Save configuration",
  deleteConfigurations: "Delete configurations",
  saveEtlVariable: "Save ETL variable",
  deleteEtlVariables: "Delete ETL variables",
};

/** The outcomes of migration 0013 (decision 0086). */
export const OUTCOME_WORDS: Readonly<Record<string, string>> = {
  done: "Done",
  refused: "Refused",
  failed: "Failed",
};

const wordsOf = (table: Readonly<Record<string, string>>, key: string) => table[key] ?? key;

export const entityWords = (entity: string) => wordsOf(ENTITY_WORDS, entity);
export const actionWords = (action: string) => wordsOf(ACTION_WORDS, action);
export const outcomeWords = (outcome: string) => wordsOf(OUTCOME_WORDS, outcome);

/** A select filter's options from a table of words, in the table's order. */
export function optionsOf(table: Readonly<Record<string, string>>): FilterOption[] {
  return Object.entries(table).map(([value, label]) => ({ value, label }));
}
