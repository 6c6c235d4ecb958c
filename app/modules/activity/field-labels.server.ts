import { HISTORY_LABELS as CONFIGURATION_LABELS } from "~/modules/configurations/configuration-detail.server";
import { DEVICE_HISTORY_LABELS } from "~/modules/devices/device-record.server";
import { ETL_HISTORY_LABELS } from "~/modules/etl/etl-detail.server";
import { PROVIDER_HISTORY_LABELS } from "~/modules/providers/provider-detail.server";
import { REGISTRATION_HISTORY_LABELS } from "~/modules/shop-registrations/registration-record.server";

/** The names an event's fields have on their record's own History, by kind of record; the fields of sign-ins and refusals. */
const LABELS_BY_ENTITY: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  configuration: CONFIGURATION_LABELS,
  deviceRegistration: DEVICE_HISTORY_LABELS,
  etlVariable: ETL_HISTORY_LABELS,
  provider: PROVIDER_HISTORY_LABELS,
  shopRegistration: REGISTRATION_HISTORY_LABELS,
  user: { roles: "Roles" },
};

const EVENT_LABELS: Readonly<Record<string, string>> = {
  address: "Client address",
  via: "Via",
  permission: "Permission",
  version: "Version",
  // A prune of the audit log (decision 0088).
  removed: "Events removed",
  firstKeptId: "First event kept",
  previousHash: "Hash before it",
};

export function fieldLabels(entity: string): Readonly<Record<string, string>> {
  return { ...EVENT_LABELS, ...LABELS_BY_ENTITY[entity] };
}

/** Field names that hold a secret whatever the record (never shown, not even masked). */
const SECRET_FIELD = /pass(word)?|secret|token|api[-_]?key|credential|private[-_]?key/i;

/**
 * The fields of an event whose values are never shown: any field named like a secret, and a
 * configuration entry's value when either side is of type ENCRYPT (the audit row holds it masked
 * already; a change of type to or from ENCRYPT must not show the secret on the other side either).
 */
export function secretFieldsOf(entity: string, before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const named = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((field) => SECRET_FIELD.test(field));
  const encrypted = entity === "configuration" && (before.configValueType === "ENCRYPT" || after.configValueType === "ENCRYPT");
  return encrypted ? [...named, "configValue"] : named;
}
