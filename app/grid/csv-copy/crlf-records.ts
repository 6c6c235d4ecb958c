const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * PostgreSQL's CSV (`COPY … WITH (FORMAT csv)`) with the portal's record ends: COPY ends each
 * record with LF, the portal with CRLF (csv-record.ts). An LF inside a quoted field is data and
 * stays; one outside every quote ends a record. Fields are quoted whole and their quotes doubled,
 * so "inside a quote" is whether an odd number of quotes came before, which a field split across
 * two pieces of the stream carries over (`inQuotes`). Counts the records it ends, which are the
 * rows of the export.
 */
export class CrlfRecords {
  private inQuotes = false;

  /** The piece with each record end written as CRLF, and how many records ended in it. */
  convert(piece: Uint8Array): { bytes: Uint8Array; records: number } {
    const ends: number[] = [];
    const buffer = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    let quoted = this.inQuotes;
    let position = 0;
    let nextQuote = buffer.indexOf(QUOTE, 0);
    while (position < buffer.length) {
      if (quoted) {
        if (nextQuote < 0) break;
        quoted = false;
        position = nextQuote + 1;
        nextQuote = buffer.indexOf(QUOTE, position);
        continue;
      }
      const nextEnd = buffer.indexOf(LF, position);
      if (nextEnd < 0 && nextQuote < 0) break;
      if (nextQuote >= 0 && (nextEnd < 0 || nextQuote < nextEnd)) {
        quoted = true;
        position = nextQuote + 1;
        nextQuote = buffer.indexOf(QUOTE, position);
        continue;
      }
      ends.push(nextEnd);
      position = nextEnd + 1;
    }
    this.inQuotes = quoted;
    if (ends.length === 0) return { bytes: piece, records: 0 };
    const out = Buffer.allocUnsafe(buffer.length + ends.length);
    let from = 0;
    let to = 0;
    for (const end of ends) {
      to += buffer.copy(out, to, from, end);
      out[to++] = CR;
      out[to++] = LF;
      from = end + 1;
    }
    buffer.copy(out, to, from);
    return { bytes: out, records: ends.length };
  }

  /** Whether the stream so far ended outside every quote (a complete CSV does). */
  get complete(): boolean {
    return !this.inQuotes;
  }
}
