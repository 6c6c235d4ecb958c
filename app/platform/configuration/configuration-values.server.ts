import { z } from "zod";
import { getDb } from "~/db/db.server";

/** The value of an active configuration entry's default row (no group value), or null. */
export async function readConfigurationValue(configKey: string): Promise<string | null> {
  const row = await getDb()
    .selectFrom("configurations")
    .select("configValue")
    .where("configKey", "=", configKey)
    .where("isActive", "=", 1)
    .where((eb) => eb.or([eb("configGroupValue", "is", null), eb("configGroupValue", "=", "")]))
    .executeTakeFirst();
  return row?.configValue ?? null;
}

export const codeLabelsSchema = z.array(z.object({ code: z.string().min(1), label: z.string() }));
export type CodeLabel = z.infer<typeof codeLabelsSchema>[number];

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
