import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CrlfRecords } from "~/grid/csv-copy/crlf-records";

/** A field as PostgreSQL's COPY writes it in CSV: quoted when it holds a comma, a quote, a CR or an LF. */
const copyField = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

const cell = fc.oneof(fc.string({ unit: fc.constantFrom(",", '"', "\r", "\n", "a", "1", "é", "😀") }), fc.string({ unit: "grapheme" }), fc.constant(""));
const records = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 12 });

/** The bytes cut at the given places (any places: inside a field, a quote pair, a character). */
function cut(bytes: Buffer, places: readonly number[]): Buffer[] {
  const ends = [...new Set(places.map((place) => place % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const end of ends) {
    pieces.push(bytes.subarray(from, end));
    from = end;
  }
  pieces.push(bytes.subarray(from));
  return pieces;
}

describe("CrlfRecords", () => {
  it("turns COPY's LF record ends into CRLF, keeps line breaks inside quoted fields, and counts the records, however the stream is cut", () => {
    fc.assert(
      fc.property(records, fc.array(fc.nat(), { maxLength: 8 }), (rows, places) => {
        const copied = Buffer.from(rows.map((row) => `${row.map(copyField).join(",")}\n`).join(""));
        const expected = Buffer.from(rows.map((row) => `${row.map(copyField).join(",")}\r\n`).join(""));
        const converter = new CrlfRecords();
        let count = 0;
        const out: Uint8Array[] = [];
        for (const piece of cut(copied, places)) {
          const converted = converter.convert(piece);
          out.push(converted.bytes);
          count += converted.records;
        }
        expect(Buffer.concat(out).equals(expected)).toBe(true);
        expect(count).toBe(rows.length);
        expect(converter.complete).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it("knows a stream that stopped inside a quoted field", () => {
    const converter = new CrlfRecords();
    expect(converter.convert(Buffer.from('1,"open\n'))).toEqual({ bytes: Buffer.from('1,"open\n'), records: 0 });
    expect(converter.complete).toBe(false);
    expect(converter.convert(Buffer.from('field"\n2,b\n')).bytes).toEqual(Buffer.from('field"\r\n2,b\r\n'));
    expect(converter.complete).toBe(true);
  });
});
