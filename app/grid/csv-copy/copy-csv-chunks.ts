import type { CopyCsvSource } from "~/db/row-stream/postgres-copy-csv";
import { csvRecord, UTF8_BOM } from "../csv-record";
import { CrlfRecords } from "./crlf-records";
import { CHUNK_CHARS, type CsvChunk } from "../csv-worker/csv-chunks";

const encoder = new TextEncoder();
/** The CSV is taken in pieces of at most this many bytes, so a chunk stays within a piece of CHUNK_CHARS. */
const PIECE_BYTES = CHUNK_CHARS / 4;

/**
 * The CSV PostgreSQL wrote (decision 0097) in chunks of about CHUNK_CHARS bytes (within a few
 * percent: the CRs added), each read only when asked for: the BOM and header records first, then
 * COPY's records with CRLF ends, each counted as a row. What the export worker writes from rows,
 * without a row ever becoming JavaScript values.
 */
export class CopyCsvChunks {
  private header: Uint8Array | undefined;
  private readonly records = new CrlfRecords();
  /** What was read but not yet written, in pieces of at most PIECE_BYTES. */
  private readonly unread: Uint8Array[] = [];
  private exhausted = false;

  constructor(
    private readonly source: CopyCsvSource,
    headerRows: readonly (readonly string[])[],
  ) {
    this.header = encoder.encode(UTF8_BOM + headerRows.map(csvRecord).join(""));
  }

  async next(): Promise<CsvChunk> {
    const pieces: Uint8Array[] = [];
    let size = 0;
    let rows = 0;
    if (this.header) {
      pieces.push(this.header);
      size += this.header.byteLength;
      this.header = undefined;
    }
    try {
      while (size < CHUNK_CHARS - PIECE_BYTES && !this.exhausted) {
        const piece = this.unread.shift() ?? (await this.nextPiece());
        if (piece === null) {
          this.exhausted = true;
          if (!this.records.complete) throw new Error("The database's CSV ended inside a quoted field.");
          break;
        }
        const converted = this.records.convert(piece);
        pieces.push(converted.bytes);
        size += converted.bytes.byteLength;
        rows += converted.records;
      }
    } catch (error) {
      await this.close();
      throw error;
    }
    // A buffer of its own (the pieces are views into what the socket brought), so it can be transferred.
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const piece of pieces) {
      bytes.set(piece, offset);
      offset += piece.byteLength;
    }
    return { bytes, rows, last: this.exhausted };
  }

  /** The source's next piece, cut to PIECE_BYTES: a read may bring a megabyte (what PostgreSQL sent ahead). */
  private async nextPiece(): Promise<Uint8Array | null> {
    const piece = await this.source.read();
    if (piece === null || piece.byteLength <= PIECE_BYTES) return piece;
    for (let start = PIECE_BYTES; start < piece.byteLength; start += PIECE_BYTES) this.unread.push(piece.subarray(start, start + PIECE_BYTES));
    return piece.subarray(0, PIECE_BYTES);
  }

  /** Stops early (the COPY is cancelled) and releases the connection; harmless after the last chunk. */
  async close(): Promise<void> {
    this.exhausted = true;
    await this.source.close();
  }
}
