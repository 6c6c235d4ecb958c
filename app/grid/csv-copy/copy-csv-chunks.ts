import type { CopyCsvSource } from "~/db/row-stream/postgres-copy-csv";
import type { CsvChunkSource } from "../chunked-csv-response.server";
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
export class CopyCsvChunks implements CsvChunkSource {
  private header: Uint8Array | undefined;
  private readonly records = new CrlfRecords();
  /** What was read but not yet written, in pieces of at most PIECE_BYTES. */
  private readonly unread: Uint8Array[] = [];
  private exhausted = false;

  constructor(
    private readonly source: CopyCsvSource,
    headerRows: readonly (readonly string[])[],
    private readonly onEnd: () => void,
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
          this.onEnd();
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
    return { bytes: pieces.length === 1 ? pieces[0] : Buffer.concat(pieces, size), rows, last: this.exhausted };
  }

  /** The source's next piece, cut to PIECE_BYTES: a read may bring a megabyte (what PostgreSQL sent ahead). */
  private async nextPiece(): Promise<Uint8Array | null> {
    const piece = await this.source.read();
    if (piece === null || piece.byteLength <= PIECE_BYTES) return piece;
    for (let start = PIECE_BYTES; start < piece.byteLength; start += PIECE_BYTES) this.unread.push(piece.subarray(start, start + PIECE_BYTES));
    return piece.subarray(0, PIECE_BYTES);
  }

  async close(): Promise<void> {
    this.exhausted = true;
    try {
      await this.source.close();
    } finally {
      this.onEnd();
    }
  }
}
