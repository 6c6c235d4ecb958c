import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { escapeFormula } from "~/grid/csv-cell";
import { csvResponse } from "~/grid/csv-export.server";
import { attachmentDisposition, csvFileName } from "~/grid/csv-file-name";
import { parseCsv } from "../support/csv-text";

interface Row {
  id: number;
  name: string;
}

/** A row source that counts what it was asked for and whether it was released. */
function countingSource(batches: number, rowsPerBatch: number, failAt?: number) {
  const state = { pulled: 0, released: false };
  async function* rows(): AsyncGenerator<Row[], void, undefined> {
    try {
      for (let batch = 0; batch < batches; batch++) {
        if (batch === failAt) throw new Error("the database went away");
        state.pulled++;
        yield Array.from({ length: rowsPerBatch }, (_, index) => {
          const id = batch * rowsPerBatch + index;
          return { id, name: `Shop number ${id} with a name long enough to fill chunks` };
        });
      }
    } finally {
      state.released = true;
    }
  }
  return { state, rows: rows() };
}

const COLUMNS = [
  { id: "name", label: "Shop Name" },
  { id: "id", label: "Request ID" },
];
const cells = (row: Row) => ({ id: String(row.id), name: row.name });

describe("CSV export stream", () => {
  it("reads the rows as the body is consumed, not all at once, and releases them when the reader stops", async () => {
    const source = countingSource(1000, 100);
    const errors: unknown[] = [];
    const response = await csvResponse({
      grid: "sample",
      fileName: "Sample-2026-11-21.csv",
      columns: COLUMNS,
      rows: source.rows,
      cells,
      onError: (error) => errors.push(error),
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(first.value?.byteLength).toBeGreaterThan(0);
    expect(source.state.pulled).toBeLessThan(20);
    await reader.cancel();
    await expect.poll(() => source.state.released).toBe(true);
    expect(source.state.pulled).toBeLessThan(20);
    expect(errors).toEqual([]);
  });

  it("stops reading when the request's signal aborts (the client went away)", async () => {
    const source = countingSource(1000, 100);
    const controller = new AbortController();
    const response = await csvResponse({
      grid: "sample",
      fileName: "x.csv",
      columns: COLUMNS,
      rows: source.rows,
      cells,
      signal: controller.signal,
      onError: () => undefined,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    controller.abort();
    await expect.poll(() => source.state.released).toBe(true);
    let more = await reader.read();
    while (!more.done) more = await reader.read();
    expect(source.state.pulled).toBeLessThan(20);
  });

  it("writes a BOM, the header of labels and every row in column order, with the download headers", async () => {
    const source = countingSource(3, 2);
    const response = await csvResponse({
      grid: "sample",
      fileName: "Sample-2026-11-21.csv",
      columns: COLUMNS,
      rows: source.rows,
      cells,
      onError: () => undefined,
    });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="Sample-2026-11-21.csv"');
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parseCsv(Buffer.from(bytes.subarray(3)).toString("utf8"));
    expect(records[0]).toEqual(["Shop Name", "Request ID"]);
    expect(records.slice(1).map((record) => record[1])).toEqual(["0", "1", "2", "3", "4", "5"]);
    expect(source.state.released).toBe(true);
  });

  it("writes the header alone when nothing matches", async () => {
    const source = countingSource(0, 0);
    const response = await csvResponse({ grid: "sample", fileName: "x.csv", columns: COLUMNS, rows: source.rows, cells, onError: () => undefined });
    expect(Buffer.from(await response.arrayBuffer()).toString("utf8")).toBe("\uFEFFShop Name,Request ID\r\n");
  });

  it("fails the request when the query cannot start, and ends a started download with the error (reported once)", async () => {
    await expect(
      csvResponse({ grid: "sample", fileName: "x.csv", columns: COLUMNS, rows: countingSource(5, 10, 0).rows, cells, onError: () => undefined }),
    ).rejects.toThrow("the database went away");

    const source = countingSource(500, 100, 50);
    const errors: unknown[] = [];
    const response = await csvResponse({
      grid: "sample",
      fileName: "x.csv",
      columns: COLUMNS,
      rows: source.rows,
      cells,
      onError: (error) => errors.push(error),
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let received = 0;
    const failure = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return null;
        received += value.byteLength;
      }
    })().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(received).toBeGreaterThan(0);
    expect(errors).toHaveLength(1);
    expect(source.state.released).toBe(true);
  });
});

describe("records with and without quotes", () => {
  it("keep their order, each written as csv-stringify writes it", async () => {
    const names = ["plain", 'with "quotes"', "also plain", "comma, inside", "line\nbreak", "last"];
    async function* rows(): AsyncGenerator<Row[], void, undefined> {
      yield names.map((name, id) => ({ id, name }));
    }
    const response = await csvResponse({ grid: "sample", fileName: "x.csv", columns: COLUMNS, rows: rows(), cells, onError: () => undefined });
    const text = Buffer.from(await response.arrayBuffer()).toString("utf8");
    expect(text).toBe(
      `\uFEFF${stringify([["Shop Name", "Request ID"], ...names.map((name, id) => [name, String(id)])], { record_delimiter: "windows", quote_record_delimiter: true })}`,
    );
  });
});

describe("formula escaping", () => {
  it("puts an apostrophe before a cell starting with = + - @ TAB CR or their full-width forms, and leaves others alone", () => {
    for (const cell of ["=1+2", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "＝1", "＋1", "－1", "＠x"]) expect(escapeFormula(cell)).toBe(`'${cell}`);
    for (const cell of ["", "Nov 21, 2026", "a=b", " =1", "'quoted", "000123", "Unknown"]) expect(escapeFormula(cell)).toBe(cell);
  });
});

describe("export file names", () => {
  it("names the file after the grid and the day, safe in a header", () => {
    expect(csvFileName("Transactions", "2026-11-21")).toBe("Transactions-2026-11-21.csv");
    expect(csvFileName('Shop List / "all"', "2026-11-21")).toBe("Shop-List-all-2026-11-21.csv");
    expect(attachmentDisposition('a"b.csv')).toBe('attachment; filename="a_b.csv"');
  });
});
