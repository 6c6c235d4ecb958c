import type { CopyCsvSource } from "~/db/row-stream/postgres-copy-csv";
import { csvRecord, UTF8_BOM } from "../csv-record";
import { CHUNK_CHARS, type CsvChunk } from "../csv-worker/csv-chunks";

const encoder = new TextEncoder();

/**
 * The CSV PostgreSQL wrote (decision 0097) in chunks of up to CHUNK_CHARS bytes, each read only
 * when asked for: the BOM and header records first, then COPY's records, CRLF-ended and counted
 * as they were read (copy-out-records.ts). What the export worker writes from rows, without a row
 * ever becoming JavaScript values.
 */
export class CopyCsvChunks {
  private header: Uint8Array | undefined;
  private exhausted = false;

  constructor(
    private readonly source: CopyCsvSource,
    headerRows: readonly (readonly string[])[],
  ) {
    this.header = encoder.encode(UTF8_BOM + headerRows.map(csvRecord).join(""));
  }

  async next(): Promise<CsvChunk> {
    const header = this.header;
    this.header = undefined;
    if (this.exhausted) return { bytes: header ?? new Uint8Array(0), rows: 0, last: true };
    let piece;
    try {
      piece = await this.source.read(Math.max(CHUNK_CHARS - (header?.byteLength ?? 0), CHUNK_CHARS / 4));
    } catch (error) {
      await this.close();
      throw error;
    }
    if (piece === null) {
      this.exhausted = true;
      return { bytes: header ?? new Uint8Array(0), rows: 0, last: true };
    }
    if (!header) return { bytes: piece.bytes, rows: piece.records, last: false };
    const bytes = new Uint8Array(header.byteLength + piece.bytes.byteLength);
    bytes.set(header);
    bytes.set(piece.bytes, header.byteLength);
    return { bytes, rows: piece.records, last: false };
  }

  /** Stops early (the COPY is cancelled) and releases the connection; harmless after the last chunk. */
  async close(): Promise<void> {
    this.exhausted = true;
    await this.source.close();
  }
}
