/**
 * Minimal real PDF documents: one Letter page of Helvetica text lines, written by hand with a
 * correct cross-reference table, so viewers open them without repair.
 */

/** PDF text strings here are ASCII; parentheses and backslashes are escaped. */
function pdfString(text: string): string {
  const ascii = text.replace(/[^\x20-\x7e]/g, "?");
  return `(${ascii.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
}

export function makePdf(title: string, lines: readonly PdfLine[]): Buffer {
  let content = "BT\n/F2 16 Tf\n72 740 Td\n" + `${pdfString(title)} Tj\n`;
  let previousSize = 16;
  for (const line of lines) {
    const size = line.size ?? 11;
    content += `0 -${Math.round(previousSize * 1.6)} Td\n/${line.bold ? "F2" : "F1"} ${size} Tf\n${pdfString(line.text)} Tj\n`;
    previousSize = size;
  }
  content += "ET\n";

  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}endstream`,
  ];

  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(out, "latin1");
  // Each cross-reference entry is exactly 20 bytes: offset, generation, type and a two-byte end of line (space, LF).
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
