import type { SynchronousFileWriter } from "~/integrations/storage.server";
import { SeedError } from "./seed-error";

/**
 * The files a seed writes (reports, attachments, error files, logos), through file storage.
 * Writes are synchronous: tens of thousands of small files go faster as one blocking call each
 * than as promise chains that only advance when the generator yields.
 *
 * The rows that point at these files are written in one database transaction; when the seed
 * fails, the transaction is rolled back and discard() removes the files this seed wrote, so a
 * failed seed leaves neither rows without files nor files without rows.
 */
export class SeedFiles {
  written = 0;
  bytes = 0;
  private readonly keys = new Set<string>();

  constructor(private readonly storage: SynchronousFileWriter) {}

  write(key: string, content: Uint8Array | string): void {
    try {
      this.storage.putSync(key, content);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new SeedError(`Demo data could not be loaded: the file storage could not write ${key} (${reason}); check that DATA_DIR/files can be written.`);
    }
    this.keys.add(key);
    this.written++;
    this.bytes += typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;
  }

  /** Makes sure no file exists under the key (rows that point at a missing file). */
  remove(key: string): void {
    this.storage.deleteSync(key);
    this.keys.delete(key);
  }

  /** Removes every file this seed wrote (after its rows were rolled back); returns how many went. */
  discard(): number {
    let removed = 0;
    for (const key of this.keys) {
      try {
        if (this.storage.deleteSync(key)) removed++;
      } catch {
        // A file that cannot be removed either stays; the next seed writes over it.
      }
    }
    this.keys.clear();
    return removed;
  }
}
