/** A Content-Disposition header naming a file; characters that would break the header are replaced. */
export function contentDisposition(kind: "inline" | "attachment", fileName: string): string {
  return `${kind}; filename="${fileName.replace(/["\\\r\n]/g, "_")}"`;
}
