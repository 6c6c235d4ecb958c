import type { Random } from "../random";
import type { SeedFiles } from "../seed-files";

/**
 * A fixed set of generated files that many rows share by storage key. Used for rows older than
 * the newest requests at large scales, where a file per row would mean millions of files.
 * Each pooled file is written the first time a row points at it.
 */
export class SharedFilePool {
  private readonly written = new Set<number>();

  constructor(
    private readonly files: SeedFiles,
    private readonly keyOf: (slot: number) => string,
    private readonly size: number,
    private readonly draw: (slot: number) => Uint8Array,
  ) {}

  keyFor(random: Random): string {
    const slot = random.int(0, this.size - 1);
    const key = this.keyOf(slot);
    if (!this.written.has(slot)) {
      this.written.add(slot);
      this.files.write(key, this.draw(slot));
    }
    return key;
  }
}
