import type { ArrayRowSource } from "~/db/row-stream/array-row-source";
import { camelCaseRowBuilder, type RowBuilder } from "~/db/row-stream/camel-case-rows";
import { csvRecord, csvRecordOf, UTF8_BOM } from "../csv-record";
import type { RowCells } from "./cells-writer";

/** Characters of CSV per chunk (about as many bytes: most cells are ASCII), as csv-export.server.ts hands out. */
export const CHUNK_CHARS = 64 * 1024;

export interface CsvChunk {
  /** UTF-8, in a buffer of its own (so it can be transferred). */
  bytes: Uint8Array;
  rows: number;
  /** The source has no more rows (and has released its connection). */
  last: boolean;
}

const encoder = new TextEncoder();

/**
 * A query's CSV in chunks of about CHUNK_CHARS, each written only when asked for: the BOM and
 * header records first, then one record per row with the grid's cells (csv-record.ts), exactly
 * what csv-export.server.ts writes on the request thread.
 */
export class CsvChunks {
  private text: string;
  private readonly toRow: RowBuilder<unknown>;
  private piece: unknown[][] = [];
  private index = 0;
  private exhausted = false;

  constructor(
    private readonly source: ArrayRowSource,
    private readonly cells: (row: unknown) => RowCells,
    private readonly columnIds: readonly string[],
    headerRows: readonly (readonly string[])[],
  ) {
    this.text = UTF8_BOM + headerRows.map(csvRecord).join("");
    this.toRow = camelCaseRowBuilder(source.columns);
  }

  async next(): Promise<CsvChunk> {
    let text = this.text;
    this.text = "";
    let rows = 0;
    while (text.length < CHUNK_CHARS) {
      if (this.index < this.piece.length) {
        text += csvRecordOf(this.cells(this.toRow(this.piece[this.index++])), this.columnIds);
        rows++;
        continue;
      }
      if (this.exhausted) break;
      const next = await this.source.next();
      this.piece = next.rows;
      this.index = 0;
      this.exhausted = next.last;
    }
    return { bytes: encoder.encode(text), rows, last: this.exhausted && this.index >= this.piece.length };
  }
}
