import { z } from "zod";
import { recordFormWords } from "~/grid/record-form-words";
import type { PopUpMessage } from "~/write-path/action-outcome";
import { createFormWords } from "~/write-path/create-form";
import { ADD_CONFIGURATION_LABEL } from "./editor-values";
import { configValueTypeSchema } from "./value-types";

/**
 * The configuration form and the delete form as the server reads them (client-safe: the screen
 * uses the same names and schema). No configId: a new entry; a configId: an update of that entry,
 * with the version (its updatedDateTime) the form was read at, which the row's Save reads with the
 * form (versionedRowAction).
 */
export const CONFIGURATION_INTENTS = { save: "saveConfiguration", delete: "deleteConfigurations" } as const;
export const MAX_DELETE = 100;
const MAX_TEXT = 500;

export const CONFIGURATION_MESSAGES = {
  ...recordFormWords("configuration", "Configuration"),
  ...createFormWords(ADD_CONFIGURATION_LABEL, "configuration"),
  saved: { title: "Success", message: "Successfully save the configuration." } satisfies PopUpMessage,
  deleted: (count: number): PopUpMessage => ({ title: "Success", message: `Successfully deleted ${count} configuration${count === 1 ? "" : "s"}.` }),
  keyRequired: "Please input the key",
  keyFixed: "The key of an existing configuration cannot be changed.",
  typeFixed: "The value type of an existing configuration cannot be changed.",
  secretRequired: "Please input the value to encrypt",
  duplicate: "A configuration with this key and group value already exists.",
  lockOut: "This change would take the Configurations page away from you. Nothing was saved.",
  accessOnlyWith: (key: string, permission: string) => `${key} decides who may do what: changing it needs the ${permission} permission. Nothing was saved.`,
  accessReadOnly: (key: string, permission: string) => `${key} decides who may do what: it is read-only without the ${permission} permission.`,
  deleteNothing: "Select at least one configuration to delete.",
  deleteTooMany: `At most ${MAX_DELETE} configurations can be deleted at once.`,
} as const;

/** The spec's save failure words (platform §8: 'Fail' with the error). */
export const CONFIGURATION_NOT_SAVED: PopUpMessage = { title: "Fail", message: "The configuration could not be saved. Please try it again." };
export const CONFIGURATION_NOT_DELETED: PopUpMessage = { title: "Fail", message: "The configuration could not be deleted. Please try it again." };

const optionalText = z.string().trim().max(MAX_TEXT).optional();

export const configurationFormSchema = z.object({
  configId: z.coerce.number().int().positive().optional(),
  version: z.string().optional(),
  configKey: z.string({ error: CONFIGURATION_MESSAGES.keyRequired }).trim().min(1, CONFIGURATION_MESSAGES.keyRequired).max(200),
  configValueType: configValueTypeSchema,
  /** The value as typed; conform sends an empty field as absent. */
  configValue: z.string().optional(),
  configGroup: optionalText,
  configGroupValue: optionalText,
  configDescription: optionalText,
  productArea: optionalText,
  isActive: z.boolean().optional(),
});
export type ConfigurationForm = z.infer<typeof configurationFormSchema>;
