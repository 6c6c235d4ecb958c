import type { FileStorage } from "~/integrations/storage.server";

/** Storage operations in flight at once: enough to keep the disk busy, far below the open-file limit. */
const MAX_IN_FLIGHT = 16;

type Operation = () => Promise<unknown>;

/**
 * The files a seed writes (reports, attachments, error files, logos), through file storage.
 * Operations queue up while rows are generated and run a few at a time; `settle` waits for all
 * queued ones (the seed calls it between batches, which bounds the memory the queue holds).
 */
export class SeedFiles {
  private queue: Operation[] = [];
  private head = 0;
  private inFlight = 0;
  private failure: unknown = null;
  private idle: (() => void)[] = [];
  written = 0;
  bytes = 0;

  constructor(private readonly storage: FileStorage) {}

  write(key: string, content: Uint8Array | string): void {
    this.written++;
    this.bytes += typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;
    this.enqueue(() => this.storage.put(key, content));
  }

  /** Makes sure no file exists under the key (rows that point at a missing file). */
  remove(key: string): void {
    this.enqueue(() => this.storage.delete(key));
  }

  /** Waits until every queued operation has finished; throws the first failure. */
  async settle(): Promise<void> {
    if (this.inFlight > 0 || this.head < this.queue.length) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (this.failure !== null) {
      const failure = this.failure;
      this.failure = null;
      throw failure;
    }
  }

  private enqueue(operation: Operation): void {
    this.queue.push(operation);
    this.pump();
  }

  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.head < this.queue.length) {
      const operation = this.queue[this.head++];
      if (this.head === this.queue.length) {
        this.queue = [];
        this.head = 0;
      }
      this.inFlight++;
      operation()
        .catch((error: unknown) => {
          this.failure ??= error;
        })
        .finally(() => {
          this.inFlight--;
          this.pump();
          if (this.inFlight === 0 && this.head === this.queue.length) {
            for (const resolve of this.idle.splice(0)) resolve();
          }
        });
    }
  }
}
