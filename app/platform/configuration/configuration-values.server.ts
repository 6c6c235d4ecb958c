import { getDb } from "~/db/db.server";
import { forgetPerRequest, oncePerRequest } from "~/lib/request-context.server";
import { type CodeLabel, codeLabelsSchema } from "./code-labels";

export type { CodeLabel };

/**
 * Configuration entries are read through this one function, by every layer: page permissions,
 * analytics, the modules' settings and filter options. Inside a request (the request context the
 * Express pipeline opens) each entry is read from the database at most once and the answer is
 * kept with that request; it is gone with the request. There is no cache that outlives a request:
 * configuration can change at run time, and a change made through any instance must be seen by
 * the next request on every instance (decision 0024). Outside a request (tests calling loaders as
 * functions, scripts) every call reads the database. The answers are kept in the request's memo
 * (oncePerRequest), under keys that begin with READ_KEY.
 */
const READ_KEY = "configuration ";

async function queryConfigurationValue(configKey: string): Promise<string | null> {
  const row = await getDb()
    .selectFrom("configurations")
    .select("configValue")
    .where("configKey", "=", configKey)
    .where("isActive", "=", 1)
    .where((eb) => eb.or([eb("configGroupValue", "is", null), eb("configGroupValue", "=", "")]))
    .executeTakeFirst();
  return row?.configValue ?? null;
}

/** The value of an active configuration entry's default row (no group value), or null. */
export function readConfigurationValue(configKey: string): Promise<string | null> {
  // A failed read is not kept: the next reader in the same request asks the database again.
  return oncePerRequest(`${READ_KEY}${configKey}`, () => queryConfigurationValue(configKey));
}

/**
 * For a command that changes configuration: the rest of the current request (the loaders that
 * run after an action in the same request) reads every entry afresh.
 */
export function forgetConfigurationReads(): void {
  forgetPerRequest(READ_KEY);
}

/** A LIST_CODE_LABELS entry as a list; missing or malformed reads as empty. */
export async function readCodeLabels(configKey: string): Promise<CodeLabel[]> {
  const value = await readConfigurationValue(configKey);
  if (!value) return [];
  try {
    const parsed = codeLabelsSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
