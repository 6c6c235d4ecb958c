import { getDb } from "~/db/db.server";

/** One active row of a configuration key: its group value (e.g. a provider's id) and its value. */
export interface ConfigurationEntry {
  configGroupValue: string | null;
  configValue: string | null;
}

/**
 * Every active row of these keys, by key, in a stable order (the order they were made): for
 * entries kept per group value, where the default row alone (readConfigurationValue) is not enough.
 * Read afresh on every call, like every configuration read outside the request's own memo.
 */
export async function readConfigurationEntries(configKeys: readonly string[]): Promise<Record<string, ConfigurationEntry[]>> {
  const byKey: Record<string, ConfigurationEntry[]> = Object.fromEntries(configKeys.map((key) => [key, []]));
  if (configKeys.length === 0) return byKey;
  const rows = await getDb()
    .selectFrom("configurations")
    .select(["configKey", "configGroupValue", "configValue"])
    .where("configKey", "in", [...configKeys])
    .where("isActive", "=", 1)
    .orderBy("configId")
    .execute();
  for (const { configKey, configGroupValue, configValue } of rows) byKey[configKey]?.push({ configGroupValue, configValue });
  return byKey;
}
