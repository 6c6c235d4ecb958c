import type { Socket } from "node:net";
import type { Connection, Submittable } from "pg";
import { type CopyOutPiece, CopyOutRecords } from "./copy-out-records";

type DataListener = (bytes: Buffer) => void;

/**
 * `COPY … TO STDOUT` as a pg query (decision 0098): from its start until its CopyDone or error,
 * the connection's bytes come here instead of to pg's parser (pg would make a message per record;
 * so did pg-copy-streams, whose way of taking the socket over and handing it back this follows),
 * and `take()` writes them as CRLF records (copy-out-records.ts). Up to `readAheadBytes` are read
 * from the socket before they are asked for, so the database goes on writing while a piece is
 * sent; beyond that the socket is paused and PostgreSQL waits for the reader.
 */
export class CopyOutQuery implements Submittable {
  private readonly records = new CopyOutRecords();
  private socket: Socket | undefined;
  private pgListener: DataListener | undefined;
  private readonly onData: DataListener = (bytes) => {
    this.records.push(bytes);
    if (this.records.queuedBytes >= this.readAheadBytes) this.socket?.pause();
    this.wake();
  };
  private readonly onClose = () => this.fail(new Error("The database connection closed during an export."));
  private failure: Error | undefined;
  private handedBack = false;
  private waiting: (() => void) | undefined;

  constructor(
    private readonly text: string,
    private readonly readAheadBytes: number,
  ) {}

  submit(connection: Connection): void {
    const socket = connection.stream as Socket;
    const listeners = socket.listeners("data") as DataListener[];
    if (listeners.length !== 1) throw new Error("A COPY needs the connection's only data listener, pg's.");
    this.socket = socket;
    this.pgListener = listeners[0];
    socket.removeListener("data", this.pgListener);
    socket.on("data", this.onData);
    socket.once("close", this.onClose);
    connection.query(this.text);
  }

  /** pg's, after the bytes are handed back: the COPY failed (or the connection was lost). */
  handleError(error: Error): void {
    this.fail(error);
  }

  handleCommandComplete(): void {}

  handleReadyForQuery(): void {}

  /**
   * `maxBytes` of records in a buffer of their own (`bytes` may view only the start of it), fewer
   * only at the end, or null after the last; waits for the database for what is not read ahead.
   * Rejects with the database's error.
   */
  async take(maxBytes: number): Promise<CopyOutPiece | null> {
    if (maxBytes < 2) throw new RangeError("A piece of CSV holds at least a record end.");
    const out = Buffer.allocUnsafeSlow(maxBytes);
    let written = 0;
    let records = 0;
    // Full when not even a record end fits any more.
    while (written < maxBytes - 1) {
      if (this.failure) throw this.failure;
      const wrote = this.records.writeInto(out, written);
      written = wrote.end;
      records += wrote.records;
      if (this.records.ended) this.handBack();
      else if (this.records.queuedBytes < this.readAheadBytes) this.socket?.resume();
      if (this.failure) throw this.failure;
      if (this.records.ended === "done") break;
      if (written < maxBytes - 1) await new Promise<void>((resolve) => (this.waiting = resolve));
    }
    if (written === 0) return null;
    return { bytes: out.subarray(0, written), records };
  }

  /** The socket back to pg, with what followed the COPY (its end, or its error for pg to report). */
  private handBack(): void {
    if (this.handedBack || !this.socket || !this.pgListener) return;
    this.handedBack = true;
    const { socket, pgListener } = this;
    socket.removeListener("data", this.onData);
    socket.removeListener("close", this.onClose);
    socket.on("data", pgListener);
    pgListener(this.records.remainder());
    process.nextTick(() => socket.resume());
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.wake();
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.();
  }
}
