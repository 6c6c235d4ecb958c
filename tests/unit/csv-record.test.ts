import { stringify } from "csv-stringify/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeFormula } from "~/grid/csv-cell";
import { csvRecord, csvRecordOf } from "~/grid/csv-record";

/** csv-stringify, the library the portal's writer must match byte for byte (decision 0083). */
const byCsvStringify = (cells: readonly string[]) => stringify([cells.map(escapeFormula)], { record_delimiter: "windows", quote_record_delimiter: true });

/** Cells made mostly of the characters that matter to CSV, and any other text besides. */
const cell = fc.oneof(
  fc.string({ unit: fc.constantFrom(",", '"', "\r", "\n", "\t", "=", "+", "-", "@", "'", " ", "a", "Z", "1", "é", "＝") }),
  fc.string({ unit: "grapheme" }),
  fc.constant(""),
);

describe("csvRecord", () => {
  it("writes what csv-stringify writes, for any cells", () => {
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 8 }), (cells) => {
        expect(csvRecord(cells)).toBe(byCsvStringify(cells));
        const ids = cells.map((_, index) => `c${index}`);
        expect(csvRecordOf(Object.fromEntries(ids.map((id, index) => [id, cells[index]])), ids)).toBe(byCsvStringify(cells));
      }),
      { numRuns: 2000 },
    );
  });

  it("quotes what must be quoted and nothing else", () => {
    expect(csvRecord(["plain", "comma, inside", 'say "hi"', "line\nbreak", "cr\r", ""])).toBe('plain,"comma, inside","say ""hi""","line\nbreak","cr\r",\r\n');
    expect(csvRecord(["=1+2", "-5", "a=b"])).toBe("'=1+2,'-5,a=b\r\n");
    expect(csvRecord(["＝1", "=a,b", '@"x"'])).toBe(`'＝1,"'=a,b","'@""x"""\r\n`);
    expect(csvRecordOf({ b: "2" }, ["a", "b"])).toBe(",2\r\n");
  });
});
