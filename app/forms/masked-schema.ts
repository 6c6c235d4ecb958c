import { z } from "zod";
import { checkMasked, MASK_MESSAGES, type InputMask } from "./input-mask";

/**
 * A masked field as the server reads it (input-mask.ts): the trimmed text, "" when empty; text out
 * of the mask is refused with the mask's words, never with a "required" message, because it is not
 * empty. Optional-ness is the caller's (`.optional()`).
 */
export function maskedText(mask: InputMask) {
  return z.string().transform((raw, context) => {
    const check = checkMasked(mask, raw);
    if (check.status === "refused") {
      context.addIssue({ code: "custom", message: check.message });
      return z.NEVER;
    }
    return check.status === "ok" ? check.text : "";
  });
}

/**
 * A required masked number, from a form's text or a number in code: `required` only when the field
 * is empty (a form library sends an empty field as missing), the mask's words when the text is not in it, and with `aboveZero` the mask's
 * 'above 0' words for 0.
 */
export function maskedNumber(mask: InputMask, options: { required: string; aboveZero?: boolean }) {
  // A number given in code (not through a form) is checked as its text.
  const text = z.preprocess((value) => (typeof value === "number" ? String(value) : value), z.string({ error: options.required }));
  return text.transform((raw, context) => {
    const check = checkMasked(mask, raw);
    if (check.status === "ok" && !(options.aboveZero && check.value <= 0)) return check.value;
    const message = check.status === "empty" ? options.required : check.status === "refused" ? check.message : MASK_MESSAGES.aboveZero(mask);
    context.addIssue({ code: "custom", message });
    return z.NEVER;
  });
}
