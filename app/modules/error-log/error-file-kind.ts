/**
 * How an error record's file is shown and served (dashboards spec §2.3: images as pictures,
 * log/txt/config files as text, others only downloaded). Decided by the stored type and the name's
 * extension; HTML and SVG are never shown inline (they could run script in the portal's origin).
 */
export type ErrorFileKind = "image" | "text" | "download";

const IMAGE_TYPES: Readonly<Record<string, string>> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp" };
const TEXT_EXTENSIONS = new Set(["log", "txt", "config", "cfg", "ini", "json", "xml", "csv"]);
const TEXT_TYPES = new Set(["text/plain", "application/json", "application/xml", "text/xml", "text/csv"]);

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
}

export function errorFileKind(fileName: string, contentType: string): ErrorFileKind {
  const type = contentType.split(";")[0].trim().toLowerCase();
  const extension = extensionOf(fileName);
  if (Object.values(IMAGE_TYPES).includes(type) && IMAGE_TYPES[extension] === type) return "image";
  if (TEXT_EXTENSIONS.has(extension) || TEXT_TYPES.has(type)) return "text";
  return "download";
}

/** The type a file is served with: its image type, plain text, or bytes to save. */
export function servedContentType(fileName: string, contentType: string): string {
  const kind = errorFileKind(fileName, contentType);
  if (kind === "image") return contentType.split(";")[0].trim().toLowerCase();
  if (kind === "text") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}
