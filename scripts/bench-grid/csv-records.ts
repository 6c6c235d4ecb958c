const QUOTE = 0x22;
const LF = 0x0a;

/**
 * Counts CSV records in a byte stream without keeping it: line feeds outside quoted fields, so it
 * reads the portal's CRLF records and a database's LF ones alike (a record holding a line break is
 * quoted, and its break is not counted). It jumps from quote to line feed with the native
 * `indexOf`: a loop over every byte cost 2 s of the benchmark's CPU per million rows, taken from
 * the server and the database it measures on the same two cores.
 */
export class CsvRecordCounter {
  records = 0;
  private quoted = false;

  add(chunk: Uint8Array): void {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let position = 0;
    let nextQuote = bytes.indexOf(QUOTE, 0);
    while (position < bytes.length) {
      if (this.quoted) {
        if (nextQuote < 0) return;
        this.quoted = false;
        position = nextQuote + 1;
        nextQuote = bytes.indexOf(QUOTE, position);
        continue;
      }
      const nextEnd = bytes.indexOf(LF, position);
      if (nextQuote >= 0 && (nextEnd < 0 || nextQuote < nextEnd)) {
        this.quoted = true;
        position = nextQuote + 1;
        nextQuote = bytes.indexOf(QUOTE, position);
        continue;
      }
      if (nextEnd < 0) return;
      this.records++;
      position = nextEnd + 1;
    }
  }
}
