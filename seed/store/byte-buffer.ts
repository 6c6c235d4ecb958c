/** A growable UTF-8 byte buffer: text is encoded once, as it is appended. */
export class ByteBuffer {
  private bytes: Buffer;
  private used = 0;

  constructor(private readonly initialSize = 1 << 20) {
    this.bytes = Buffer.allocUnsafe(initialSize);
  }

  get length(): number {
    return this.used;
  }

  append(text: string): void {
    // UTF-8 needs at most three bytes per UTF-16 code unit.
    const needed = this.used + text.length * 3;
    if (needed > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used, "utf8");
  }

  /** The bytes appended so far; the buffer starts empty again, as large as it had grown. */
  take(): Buffer {
    const taken = this.bytes.subarray(0, this.used);
    this.bytes = Buffer.allocUnsafe(Math.max(this.initialSize, this.bytes.length));
    this.used = 0;
    return taken;
  }
}
