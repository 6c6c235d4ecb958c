import type { SynchronousFileWriter } from "~/integrations/storage.server";

/**
 * The files a seed writes (reports, attachments, error files, logos), through file storage.
 * Writes are synchronous: tens of thousands of small files go faster as one blocking call each
 * than as promise chains that only advance when the generator yields.
 */
export class SeedFiles {
  written = 0;
  bytes = 0;

  constructor(private readonly storage: SynchronousFileWriter) {}

  write(key: string, content: Uint8Array | string): void {
    this.storage.putSync(key, content);
    this.written++;
    this.bytes += typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;
  }

  /** Makes sure no file exists under the key (rows that point at a missing file). */
  remove(key: string): void {
    this.storage.deleteSync(key);
  }
}
