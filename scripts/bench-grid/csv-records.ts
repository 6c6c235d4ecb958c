/**
 * Counts CSV records in a byte stream without keeping it: line feeds outside quoted fields, so it
 * reads the portal's CRLF records and a database's LF ones alike (a record holding a line break is
 * quoted, and its break is not counted).
 */
export class CsvRecordCounter {
  records = 0;
  private quoted = false;

  add(chunk: Uint8Array): void {
    for (const byte of chunk) {
      if (byte === 0x22) this.quoted = !this.quoted;
      else if (byte === 0x0a && !this.quoted) this.records++;
    }
  }
}
