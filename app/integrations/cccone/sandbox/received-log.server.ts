/**
 * What the sandbox received, newest last, for tests and demos. Bounded twice: only the last
 * `capacity` messages are kept, and of each only the first EXCERPT_CHARACTERS characters of its
 * body (with the body's full size), so the log holds at most a few hundred kilobytes.
 */
export interface ReceivedMessage {
  kind: "diagnostic-report" | "invoice";
  scanRequestId: string | null;
  contentType: string | null;
  /** The start of the body, at most EXCERPT_CHARACTERS characters. */
  excerpt: string;
  /** The whole body's size in bytes (UTF-8). */
  bodyBytes: number;
  answeredStatus: number;
  at: Date;
}

export const EXCERPT_CHARACTERS = 1024;
export const DEFAULT_CAPACITY = 200;

export type IncomingMessage = Omit<ReceivedMessage, "excerpt" | "bodyBytes"> & { body: string };

export class ReceivedLog {
  private readonly entries: ReceivedMessage[] = [];

  constructor(readonly capacity = DEFAULT_CAPACITY) {}

  add({ body, ...entry }: IncomingMessage): void {
    // slice() of a long string can share its memory in V8; the copy through a Buffer cannot.
    const excerpt = Buffer.from(body.slice(0, EXCERPT_CHARACTERS), "utf8").toString("utf8");
    this.entries.push({ ...entry, excerpt, bodyBytes: Buffer.byteLength(body, "utf8") });
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  list(): readonly ReceivedMessage[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries.length = 0;
  }
}
