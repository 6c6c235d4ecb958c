/** What the sandbox received, newest last, for tests and demos; only the last `capacity` are kept. */
export interface ReceivedMessage {
  kind: "diagnostic-report" | "invoice";
  scanRequestId: string | null;
  contentType: string | null;
  body: string;
  answeredStatus: number;
  at: Date;
}

export class ReceivedLog {
  private readonly entries: ReceivedMessage[] = [];

  constructor(readonly capacity = 200) {}

  add(entry: ReceivedMessage): void {
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  list(): readonly ReceivedMessage[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries.length = 0;
  }
}
