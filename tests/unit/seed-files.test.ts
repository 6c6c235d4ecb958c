import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32 } from "../../seed/files/crc32";
import { makePdf } from "../../seed/files/pdf";
import { IndexedCanvas, PNG_SIGNATURE } from "../../seed/files/png";

/** A bit-by-bit CRC-32, independent of the table-driven one under test. */
function referenceCrc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe("generated PDF files", () => {
  const pdf = makePdf("Diagnostic Scan Report", [{ text: "VIN: 1HGCM82633A004352" }, { text: "Shop (main) \\ bay 2", bold: true }]);
  const text = pdf.toString("latin1");

  it("start with the PDF header and end with %%EOF", () => {
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
  });

  it("have a cross-reference table whose offsets point at their objects", () => {
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    const [, first, count] = /xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
    expect(Number(first)).toBe(0);
    const entries = text
      .slice(startxref)
      .split("\n")
      .slice(2, 2 + Number(count));
    expect(entries[0]).toBe("0000000000 65535 f ");
    entries.slice(1).forEach((entry, i) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    expect(text).toContain(`/Size ${count} /Root 1 0 R`);
  });

  it("declare the exact length of the content stream and escape text", () => {
    const match = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)endstream/.exec(text);
    expect(Buffer.byteLength(match?.[2] ?? "", "latin1")).toBe(Number(match?.[1]));
    expect(text).toContain("(VIN: 1HGCM82633A004352) Tj");
    expect(text).toContain("(Shop \\(main\\) \\\\ bay 2) Tj");
  });
});

describe("generated PNG files", () => {
  const canvas = new IndexedCanvas(40, 20, [255, 255, 255]);
  canvas.fillRect(0, 0, 40, 5, [200, 0, 0]);
  canvas.text("A1", 2, 8, 1, [0, 0, 255]);
  const png = canvas.toPng();

  function chunks(bytes: Buffer): { type: string; data: Buffer; crc: number; crcInput: Buffer }[] {
    const found = [];
    let at = 8;
    while (at < bytes.length) {
      const length = bytes.readUInt32BE(at);
      const type = bytes.subarray(at + 4, at + 8).toString("latin1");
      const data = bytes.subarray(at + 8, at + 8 + length);
      found.push({ type, data, crc: bytes.readUInt32BE(at + 8 + length), crcInput: bytes.subarray(at + 4, at + 8 + length) });
      at += 12 + length;
    }
    return found;
  }

  it("computes the standard CRC-32 check value", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
    expect(crc32(Buffer.from("1234"), Buffer.from("56789"))).toBe(0xcbf43926);
  });

  it("have the PNG signature and chunks with correct CRCs", () => {
    expect(png.subarray(0, 8)).toEqual(Buffer.from(PNG_SIGNATURE));
    const list = chunks(png);
    expect(list.map((c) => c.type)).toEqual(["IHDR", "PLTE", "IDAT", "IEND"]);
    for (const chunk of list) expect(chunk.crc).toBe(referenceCrc32(chunk.crcInput));
    const header = list[0].data;
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([40, 20, 8, 3]);
  });

  it("hold the drawn pixels", () => {
    const list = chunks(png);
    const palette = list[1].data;
    const rows = inflateSync(list[2].data);
    expect(rows.length).toBe((40 + 1) * 20);
    const pixel = (x: number, y: number) => {
      expect(rows[y * 41]).toBe(0); // filter type none
      const index = rows[y * 41 + 1 + x];
      return [...palette.subarray(index * 3, index * 3 + 3)];
    };
    expect(pixel(10, 2)).toEqual([200, 0, 0]);
    expect(pixel(10, 15)).toEqual([255, 255, 255]);
    // 'A' starts at x=2, y=8: its top row is .###.
    expect(pixel(3, 8)).toEqual([0, 0, 255]);
    expect(pixel(2, 8)).toEqual([255, 255, 255]);
  });
});
