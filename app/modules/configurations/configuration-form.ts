import { z } from "zod";
import type { PopUpMessage } from "~/write-path/action-outcome";
import { configValueTypeSchema } from "./value-types";

/**
 * The configuration form and the delete form as the server reads them (client-safe: the screen
 * uses the same names and schema). No configId: a new entry; a configId: an update of that entry,
 * with the version (its updatedDateTime) the form was read at.
 */
export const CONFIGURATION_INTENTS = { save: "saveConfiguration", delete: "deleteConfigurations" } as const;
export const MAX_DELETE = 100;
const MAX_TEXT = 500;

export const CONFIGURATION_MESSAGES = {
  saved: { title: "Success", message: "Successfully save the configuration." } satisfies PopUpMessage,
  deleted: (count: number): PopUpMessage => ({ title: "Success", message: `Successfully deleted ${count} configuration${count === 1 ? "" : "s"}.` }),
  keyRequired: "Please input the key",
  keyFixed: "The key of an existing configuration cannot be changed.",
  typeFixed: "The value type of an existing configuration cannot be changed.",
  versionRequired: "The form has no version. Please reload the page and try again.",
  secretRequired: "Please input the value to encrypt",
  duplicate: "A configuration with this key and group value already exists.",
  lockOut: "This change would take the Configurations page away from you. Nothing was saved.",
  accessOnlyWith: (key: string, permission: string) => `${key} decides who may do what: changing it needs the ${permission} permission. Nothing was saved.`,
  accessReadOnly: (key: string, permission: string) => `${key} decides who may do what: it is read-only without the ${permission} permission.`,
  deleteNothing: "Select at least one configuration to delete.",
  deleteTooMany: `At most ${MAX_DELETE} configurations can be deleted at once.`,
  gone: "This configuration no longer exists; it was deleted after you opened it. Nothing was saved.",
  goneSome: (ids: readonly number[]) => `Configuration ${ids.join(", ")} no longer exist${ids.length === 1 ? "s" : ""}. Nothing was deleted.`,
  changedBy: (who: string, when: string) =>
    `This configuration was changed by ${who} at ${when} after you opened it. Nothing was saved; the form shows it as it is now.`,
  changed: "This configuration was changed after you opened it. Nothing was saved; the form shows it as it is now.",
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
