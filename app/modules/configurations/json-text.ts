/**
 * Limits and clean-up of a configuration value carried as JSON text (client-safe). The limits keep
 * one entry from costing every request that reads it (each read parses it), and keep a parse or
 * a walk of the value from going deep enough to exhaust the stack.
 */
export const INVALID_JSON = "Invalid Json!";
export const MAX_VALUE_BYTES = 256 * 1024;
export const MAX_JSON_DEPTH = 32;
export const TOO_LARGE = "The value is larger than 256 KB.";
export const TOO_DEEP = `The JSON value is nested deeper than ${MAX_JSON_DEPTH} levels.`;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** The size of a value as stored (UTF-8 bytes). */
export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** How deeply the arrays and objects of a JSON text nest (0 for a scalar), read without parsing. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[" || char === "{") deepest = Math.max(deepest, ++depth);
    else if (char === "]" || char === "}") depth--;
  }
  return deepest;
}

/** A submitted JSON text parsed, or why not: too large, too deep, or not JSON ('Invalid Json!'). */
export function parseJsonText(text: string): Checked<unknown> {
  if (byteLength(text) > MAX_VALUE_BYTES) return { ok: false, message: TOO_LARGE };
  if (jsonDepth(text) > MAX_JSON_DEPTH) return { ok: false, message: TOO_DEEP };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: INVALID_JSON };
  }
}

/**
 * The spec's clean-up (platform §5): the newline, tab, backspace and form-feed escape sequences
 * are removed from the serialised text. Only a backslash that is not itself escaped starts one,
 * so "\\n" (an escaped backslash, then n) is kept and the text stays valid JSON.
 */
const CONTROL_ESCAPE = /(?<!\\)((?:\\\\)*)\\[ntbf]/g;

export function stripControlEscapes(serialised: string): string {
  return serialised.replace(CONTROL_ESCAPE, "$1");
}

/** A value serialised for storage, without the stripped escape sequences. */
export function serialiseStripped(value: unknown): string {
  return stripControlEscapes(JSON.stringify(value));
}
