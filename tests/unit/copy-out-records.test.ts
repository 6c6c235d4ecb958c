import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CopyOutRecords } from "~/db/row-stream/copy-out-records";

/** A field as PostgreSQL's COPY writes it in CSV: quoted when it holds a comma, a quote, a CR or an LF. */
const copyField = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** A backend message: its type, its length (counting itself), its body. */
function message(type: string, body: Buffer | string = ""): Buffer {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  const header = Buffer.alloc(5);
  header.write(type, 0, "latin1");
  header.writeUInt32BE(bytes.length + 4, 1);
  return Buffer.concat([header, bytes]);
}

const COPY_OUT_RESPONSE = message("H", Buffer.from([0, 0, 2, 0, 0, 0, 0]));
const AFTER_COPY = Buffer.concat([message("C", "COPY 3\0"), message("Z", "I")]);
const ERROR = Buffer.concat([message("E", "SERROR\0C57014\0Mcanceling statement due to user request\0\0"), message("Z", "I")]);
const notice = () => message("N", "SNOTICE\0Mnoticed\0\0");

const cell = fc.oneof(fc.string({ unit: fc.constantFrom(",", '"', "\r", "\n", "a", "1", "é", "😀") }), fc.string({ unit: "grapheme" }), fc.constant(""));
const records = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 12 });

/** The bytes cut at the given places (any places: inside a header, a record, a character). */
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

/** Pushes the pieces one at a time, writing after each into outs of the given sizes, as a reader would. */
function readAll(pieces: readonly Buffer[], outSizes: readonly number[]): { csv: Buffer; records: number; reader: CopyOutRecords } {
  const reader = new CopyOutRecords();
  const written: Buffer[] = [];
  let count = 0;
  let turn = 0;
  const drain = () => {
    for (;;) {
      const out = Buffer.alloc(outSizes.length > 0 ? outSizes[turn++ % outSizes.length] : 64);
      const wrote = reader.writeInto(out, 0);
      written.push(out.subarray(0, wrote.end));
      count += wrote.records;
      if (wrote.end === 0 || reader.ended) return;
    }
  };
  for (const piece of pieces) {
    reader.push(piece);
    drain();
  }
  return { csv: Buffer.concat(written), records: count, reader };
}

describe("CopyOutRecords", () => {
  it("writes each CopyData record with a CRLF end and counts it, keeps line breaks inside fields, skips other messages, and hands back what follows CopyDone, however the bytes are cut", () => {
    fc.assert(
      fc.property(
        records,
        fc.array(fc.boolean(), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.array(fc.integer({ min: 2, max: 80 }), { minLength: 1, maxLength: 4 }),
        (rows, notices, places, outSizes) => {
          const lines = rows.map((row) => row.map(copyField).join(","));
          const stream = Buffer.concat([
            COPY_OUT_RESPONSE,
            ...lines.flatMap((line, index) => [...(notices[index] ? [notice()] : []), message("d", `${line}\n`)]),
            message("c"),
            AFTER_COPY,
          ]);
          const { csv, records: count, reader } = readAll(cut(stream, places), outSizes);
          expect(csv.toString()).toBe(lines.map((line) => `${line}\r\n`).join(""));
          expect(count).toBe(rows.length);
          expect(reader.ended).toBe("done");
          expect(reader.remainder().equals(AFTER_COPY)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("stops at an ErrorResponse and hands it back whole, header first, for pg to report", () => {
    fc.assert(
      fc.property(records, fc.array(fc.nat(), { maxLength: 10 }), (rows, places) => {
        const lines = rows.map((row) => row.map(copyField).join(","));
        const stream = Buffer.concat([COPY_OUT_RESPONSE, ...lines.map((line) => message("d", `${line}\n`)), ERROR]);
        const { csv, records: count, reader } = readAll(cut(stream, places), [7, 64]);
        expect(csv.toString()).toBe(lines.map((line) => `${line}\r\n`).join(""));
        expect(count).toBe(rows.length);
        expect(reader.ended).toBe("error");
        expect(reader.remainder().equals(ERROR)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a record that does not end with a line feed, and a malformed length", () => {
    const unended = new CopyOutRecords();
    unended.push(Buffer.concat([COPY_OUT_RESPONSE, message("d", "a,b")]));
    expect(() => unended.writeInto(Buffer.alloc(16), 0)).toThrow(/line feed/);
    const malformed = new CopyOutRecords();
    malformed.push(message("d"));
    expect(() => malformed.writeInto(Buffer.alloc(16), 0)).toThrow(/malformed/);
  });

  it("writes nothing and hands nothing back before the COPY ends", () => {
    const reader = new CopyOutRecords();
    reader.push(COPY_OUT_RESPONSE.subarray(0, 3));
    expect(reader.writeInto(Buffer.alloc(16), 0)).toEqual({ end: 0, records: 0 });
    expect(reader.ended).toBeUndefined();
    expect(reader.remainder().length).toBe(0);
    expect(reader.queuedBytes).toBe(0);
  });
});
