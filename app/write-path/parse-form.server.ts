import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { FORM_BODY_MESSAGES, type FormBodyRefusal } from "./read-form.server";

/** conform's field for a form control's intent (Add routing, Remove, a list's reorder). */
const CONTROL_FIELD = "__intent__";

/**
 * A form read by its zod schema, as every write reads it (DESIGN §6). conform throws on a control
 * intent it cannot read (a hand-made `__intent__`); that is a body that is not one of the
 * portal's forms, answered 400 like any other, never a 500.
 */
export function parseForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  try {
    return parseWithZod(formData, { schema });
  } catch (error) {
    if (!formData.has(CONTROL_FIELD)) throw error;
    throw Response.json({ message: FORM_BODY_MESSAGES.badControl } satisfies FormBodyRefusal, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
}
