import { z } from "zod";

/** A LIST_CODE_LABELS configuration's value as the portal reads it (client-safe: the configuration form checks it too). */
export const codeLabelsSchema = z.array(z.object({ code: z.string().min(1), label: z.string() }));
export type CodeLabel = z.infer<typeof codeLabelsSchema>[number];
