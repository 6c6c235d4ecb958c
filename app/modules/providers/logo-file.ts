/**
 * A provider logo as uploaded (platform spec §5 Logo: jpeg, jpg, png only): recognised by the
 * file's first bytes, never by its name or the type the browser claims, so an HTML or SVG file
 * renamed .png is refused; at most 1 MB.
 */
export const MAX_LOGO_BYTES = 1024 * 1024;

export const LOGO_MESSAGES = {
  type: "The logo must be a JPEG or PNG image.",
  size: "The logo must be at most 1 MB.",
  empty: "Please choose a logo file.",
  storing: "Failed at saving logo image.",
} as const;

export type LogoContentType = "image/jpeg" | "image/png";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/** The image type the bytes are, or null when they are neither a PNG nor a JPEG. */
export function sniffLogoType(bytes: Uint8Array): LogoContentType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  if (startsWith(bytes, JPEG_SIGNATURE)) return "image/jpeg";
  return null;
}

export type LogoCheck = { ok: true; contentType: LogoContentType } | { ok: false; message: string };

/** Whether an uploaded file can be a provider's logo, and as what type. */
export function checkLogo(bytes: Uint8Array): LogoCheck {
  if (bytes.length === 0) return { ok: false, message: LOGO_MESSAGES.empty };
  if (bytes.length > MAX_LOGO_BYTES) return { ok: false, message: LOGO_MESSAGES.size };
  const contentType = sniffLogoType(bytes);
  return contentType ? { ok: true, contentType } : { ok: false, message: LOGO_MESSAGES.type };
}

/** The most bytes a signature needs (PNG's eight). */
const SIGNATURE_BYTES = PNG_SIGNATURE.length;

/**
 * A chosen file checked in the browser as the server will check it (by size and first bytes, not
 * by name or claimed type), so a wrong one is discarded at once (spec §5 Logo: other types discarded).
 */
export async function checkLogoFile(file: Blob): Promise<LogoCheck> {
  if (file.size === 0) return { ok: false, message: LOGO_MESSAGES.empty };
  if (file.size > MAX_LOGO_BYTES) return { ok: false, message: LOGO_MESSAGES.size };
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  const contentType = sniffLogoType(head);
  return contentType ? { ok: true, contentType } : { ok: false, message: LOGO_MESSAGES.type };
}
