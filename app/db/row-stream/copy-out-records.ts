const COPY_DATA = 0x64; // 'd'
const COPY_DONE = 0x63; // 'c'
const ERROR_RESPONSE = 0x45; // 'E'
const HEADER_BYTES = 5; // a message's type byte and its length (which counts itself)
const LF = 0x0a;
const CR = 0x0d;

/** Records written out of the stream, and how many ended in them. */
export interface CopyOutPiece {
  bytes: Buffer;
  records: number;
}

/** What a `writeInto` wrote: `out` is filled up to `end`, and `records` records ended in it. */
export interface CopyOutWrite {
  end: number;
  records: number;
}

/** How the COPY's messages ended: its CopyDone, or an ErrorResponse (left for pg to read). */
export type CopyOutEnd = "done" | "error";

/**
 * The CSV in a `COPY … TO STDOUT` answer, read straight from the connection's bytes (decision
 * 0098). PostgreSQL sends each record in a CopyData message of its own, ended by LF: the message
 * ends are the record ends, so each LF that ends a message is written as the portal's CRLF and
 * counted, and no quote needs to be looked at. The payloads are copied once, into the piece
 * being written: no value per record is made, as pg-copy-streams did (a buffer per record, then
 * their concatenation). Other messages within the COPY (CopyOutResponse, notices, parameter
 * statuses) are skipped; at CopyDone or an ErrorResponse it stops, and `remainder()` is what
 * follows for pg's own parser (an error first, from its header).
 */
export class CopyOutRecords {
  private readonly queued: Buffer[] = [];
  /** Read position in queued[0]. */
  private offset = 0;
  private queuedByteCount = 0;
  private readonly header = Buffer.alloc(HEADER_BYTES);
  private headerLength = 0;
  /** The current message's type and the bytes of its body not read yet; -1 while a header is read. */
  private type = 0;
  private left = -1;
  private endedBy: CopyOutEnd | undefined;

  /** Bytes pushed and not yet read. */
  get queuedBytes(): number {
    return this.queuedByteCount;
  }

  get ended(): CopyOutEnd | undefined {
    return this.endedBy;
  }

  /** Bytes as they came from the connection. */
  push(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.queued.push(bytes);
    this.queuedByteCount += bytes.length;
  }

  /**
   * Writes records into `out` from `start` on, as far as the bytes pushed so far and `out`'s room
   * allow. A record longer than the room is written across calls.
   */
  writeInto(out: Buffer, start: number): CopyOutWrite {
    const maxBytes = out.length;
    let written = start;
    let records = 0;
    while (this.endedBy === undefined && this.queued.length > 0) {
      const chunk = this.queued[0];
      if (this.offset === chunk.length) {
        this.queued.shift();
        this.offset = 0;
        continue;
      }
      if (this.left < 0) {
        if (!this.readHeader(chunk)) continue;
        if (this.type === ERROR_RESPONSE) {
          this.endedBy = "error";
          break;
        }
        if (this.left === 0) this.endMessage();
        continue;
      }
      const available = chunk.length - this.offset;
      if (this.type !== COPY_DATA) {
        const skipped = Math.min(this.left, available);
        this.consume(skipped);
        this.left -= skipped;
        if (this.left === 0) this.endMessage();
        continue;
      }
      if (this.left > 1) {
        const copied = Math.min(this.left - 1, available, maxBytes - written);
        if (copied === 0) break;
        chunk.copy(out, written, this.offset, this.offset + copied);
        written += copied;
        this.consume(copied);
        this.left -= copied;
        continue;
      }
      if (chunk[this.offset] !== LF) throw new Error("A record of the database's CSV did not end with a line feed.");
      if (maxBytes - written < 2) break;
      out[written++] = CR;
      out[written++] = LF;
      records++;
      this.consume(1);
      this.left = 0;
      this.endMessage();
    }
    return { end: written, records };
  }

  /** What follows the COPY's end, for pg to read: an error from its header on; nothing before the end. */
  remainder(): Buffer {
    if (this.endedBy === undefined) return Buffer.alloc(0);
    const rest = this.queued.map((chunk, index) => (index === 0 ? chunk.subarray(this.offset) : chunk));
    this.queued.length = 0;
    this.offset = 0;
    this.queuedByteCount = 0;
    return Buffer.concat(this.endedBy === "error" ? [this.header, ...rest] : rest);
  }

  /** Reads what the chunk holds of a message's header; true once the header is whole. */
  private readHeader(chunk: Buffer): boolean {
    const copied = Math.min(HEADER_BYTES - this.headerLength, chunk.length - this.offset);
    chunk.copy(this.header, this.headerLength, this.offset, this.offset + copied);
    this.headerLength += copied;
    this.consume(copied);
    if (this.headerLength < HEADER_BYTES) return false;
    this.headerLength = 0;
    this.type = this.header[0];
    const bodyLength = this.header.readUInt32BE(1) - 4;
    if (bodyLength < 0 || (this.type === COPY_DATA && bodyLength === 0))
      throw new Error(`A malformed message (type ${this.type}) in the database's COPY answer.`);
    this.left = bodyLength;
    return true;
  }

  private endMessage(): void {
    this.left = -1;
    if (this.type === COPY_DONE) this.endedBy = "done";
  }

  private consume(bytes: number): void {
    this.offset += bytes;
    this.queuedByteCount -= bytes;
  }
}
