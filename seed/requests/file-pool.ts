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
    const slot = this.drawSlot(random);
    const key = this.keyOf(slot);
    if (!this.written.has(slot)) {
      this.written.add(slot);
      this.files.write(key, this.draw(slot));
    }
    return key;
  }

  /** The key of a draw, without writing its file: a lean seed makes the same draws and writes no report files. */
  keyOfDraw(random: Random): string {
    return this.keyOf(this.drawSlot(random));
  }

  private drawSlot(random: Random): number {
    return random.int(0, this.size - 1);
  }
}
