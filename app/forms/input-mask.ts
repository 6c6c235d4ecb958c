/**
 * The portal's input masks (platform spec §5: a billing parameter named '…number' takes digits, the
 * others two decimals; dashboards spec §5 and transactions spec §5: Shop Id, License #, Zip, license
 * key and ETL batch id take digits only, at most 8). One definition serves both sides: in the browser
 * `maskTyped` keeps only what the mask lets through as the user types (masked-input.tsx); on the
 * server `checkMasked` refuses anything else with words that name the expected format, so a form
 * sent without JavaScript comes back with what was typed and the reason (decision 0067).
 */
export type InputMask =
  /** Whole numbers: digits only, at most `maxDigits` of them (leading zeros kept: "001234" is a licence). */
  | { kind: "digits"; maxDigits: number }
  /** Amounts: at most `maxDigits` digits before the point and `decimals` after it. */
  | { kind: "amount"; maxDigits: number; decimals: number };

export const digitsMask = (maxDigits: number): InputMask => ({ kind: "digits", maxDigits });
export const amountMask = (maxDigits: number, decimals = 2): InputMask => ({ kind: "amount", maxDigits, decimals });

const DECIMAL_WORDS: Readonly<Record<number, string>> = { 1: "one decimal", 2: "two decimals" };

/** The format a mask takes, in words: "a whole number, digits only", "an amount with at most two decimals". */
export function maskFormat(mask: InputMask): string {
  if (mask.kind === "digits") return "a whole number, digits only";
  return `an amount with at most ${DECIMAL_WORDS[mask.decimals] ?? `${mask.decimals} decimals`}`;
}

export const MASK_MESSAGES = {
  /** Under a field whose text is not in its mask: "Enter a whole number, digits only." */
  format: (mask: InputMask) => `Enter ${maskFormat(mask)}.`,
  tooLong: (mask: InputMask) =>
    mask.kind === "digits" ? `Enter at most ${mask.maxDigits} digits.` : `Enter at most ${mask.maxDigits} digits before the decimal point.`,
  /** A value that must be above 0 and is 0 (filled, so never 'Field is required'). */
  aboveZero: (mask: InputMask) => (mask.kind === "digits" ? "Enter a whole number above 0." : "Enter an amount above 0."),
} as const;

/** What a mask leaves of typed or pasted text: every other character dropped, the digits cut to the mask's lengths. */
export function maskTyped(mask: InputMask, text: string): string {
  if (mask.kind === "digits") return text.replace(/\D/g, "").slice(0, mask.maxDigits);
  const point = text.indexOf(".");
  const whole = (point === -1 ? text : text.slice(0, point)).replace(/\D/g, "").slice(0, mask.maxDigits);
  if (point === -1 || mask.decimals === 0) return whole;
  const fraction = text
    .slice(point + 1)
    .replace(/\D/g, "")
    .slice(0, mask.decimals);
  // A point typed first stands after a 0, so the text is always a number as far as it goes.
  return `${whole === "" ? "0" : whole}.${fraction}`;
}

export type MaskCheck = { status: "empty" } | { status: "ok"; text: string; value: number } | { status: "refused"; message: string };

/** Text as the server receives it, checked against its mask: empty, the trimmed text and its number, or a refusal naming the format. */
export function checkMasked(mask: InputMask, raw: string): MaskCheck {
  const text = raw.trim();
  if (text === "") return { status: "empty" };
  const shape = mask.kind === "digits" ? /^(\d+)$/ : mask.decimals === 0 ? /^(\d+)\.?$/ : new RegExp(`^(\\d+)(?:\\.\\d{0,${mask.decimals}})?$`);
  const match = shape.exec(text);
  if (!match) return { status: "refused", message: MASK_MESSAGES.format(mask) };
  if (match[1].length > mask.maxDigits) return { status: "refused", message: MASK_MESSAGES.tooLong(mask) };
  return { status: "ok", text, value: Number(text) };
}

/** The HTML a masked input carries for browsers without JavaScript: the keyboard to show, a length limit and the format as a pattern with its words. */
export function maskAttributes(mask: InputMask): { inputMode: "numeric" | "decimal"; maxLength: number; pattern: string; title: string } {
  const title = MASK_MESSAGES.format(mask);
  if (mask.kind === "digits") return { inputMode: "numeric", maxLength: mask.maxDigits, pattern: `[0-9]{0,${mask.maxDigits}}`, title };
  return { inputMode: "decimal", maxLength: mask.maxDigits + 1 + mask.decimals, pattern: `[0-9]{0,${mask.maxDigits}}(\\.[0-9]{0,${mask.decimals}})?`, title };
}
