import type { z } from "zod";
import { readConfigurationValue } from "./configuration-values.server";

/** A JSON configuration entry read with its schema; missing, unparsable or mis-shaped reads as null. */
export async function readJsonConfiguration<T>(configKey: string, schema: z.ZodType<T>): Promise<T | null> {
  const value = await readConfigurationValue(configKey);
  if (value === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** A TEXT setting that reads 'true' (UI_SETTINGS such as quoteGrid). */
export async function isSettingOn(configKey: string): Promise<boolean> {
  return (await readConfigurationValue(configKey))?.trim().toLowerCase() === "true";
}
