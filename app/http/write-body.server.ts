/** What writeBody needs of a response: Express's Response, behind the compression middleware, qualifies. */
export interface BodyTarget {
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  destroy(error?: Error): unknown;
  on(event: "drain" | "close", listener: () => void): unknown;
  off(event: "drain" | "close", listener: () => void): unknown;
  /** True once the connection is gone: a response whose client left before its body started never emits "close" again. */
  readonly destroyed?: boolean;
  /** The compression middleware's: sends what zlib holds, so streamed pages arrive as they are written. */
  flush?: () => void;
}

/**
 * Small chunks of one burst are held back and written together, up to this many bytes: behind
 * compression every write is a round trip to zlib's thread pool (one turn of the event loop each,
 * about three per chunk), so a page of 300 small chunks took ~1000 turns, and each turn may wait
 * for an export's slice (decision 0019).
 */
export const COALESCE_BYTES = 16 * 1024;

export interface WriteBodyOptions {
  /**
   * Compression is flushed after each burst at most this often (default: every burst). A download
   * needs no flush per chunk: each costs the compressor a block of its own (decision 0097).
   */
  flushEveryMs?: number;
}

/**
 * Copies a response body to the socket at the client's pace: after a write the socket cannot
 * take, the next chunk is read only once it drains. (@remix-run/express writes every chunk at
 * once, so a large streamed download from a slow client piles up in memory.) When the client
 * goes away the body is cancelled, which lets its producer release what it holds.
 *
 * Chunks that arrive in one burst (React writes a document in hundreds of small ones) are written
 * as one once the producer pauses (at the next turn of the event loop) or COALESCE_BYTES have
 * gathered, and flushed through compression then: a page still streams as it is rendered, with
 * one zlib write and one flush per burst instead of one per chunk.
 */
export async function writeBody(body: ReadableStream<Uint8Array>, target: BodyTarget, options: WriteBodyOptions = {}): Promise<void> {
  const flushEveryMs = options.flushEveryMs ?? 0;
  let flushedAt = -Infinity;
  const flush = () => {
    if (!target.flush || performance.now() - flushedAt < flushEveryMs) return;
    flushedAt = performance.now();
    target.flush();
  };
  const reader = body.getReader();
  let closed = target.destroyed === true;
  let ended = false;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let writeScheduled = false;
  let wake: (() => void) | undefined;
  const resume = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  const onClose = () => {
    closed = true;
    resume();
  };
  /** Writes what is held back as one chunk; false when the socket wants a drain first. */
  const writePending = (): boolean => {
    if (pendingBytes === 0 || closed) return true;
    const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    return target.write(chunk);
  };
  const writeSoon = () => {
    if (writeScheduled) return;
    writeScheduled = true;
    setImmediate(() => {
      writeScheduled = false;
      if (closed || ended) return;
      writePending();
      flush();
    });
  };
  target.on("drain", resume);
  target.on("close", onClose);
  try {
    for (;;) {
      if (closed) {
        await reader.cancel();
        return;
      }
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        writePending();
        target.end();
        return;
      }
      if (closed) {
        await reader.cancel();
        return;
      }
      pending.push(value);
      pendingBytes += value.byteLength;
      if (pendingBytes < COALESCE_BYTES) {
        writeSoon();
        continue;
      }
      const more = writePending();
      writeSoon();
      if (!more && !closed) await new Promise<void>((resolve) => (wake = resolve));
    }
  } catch (error) {
    // The body failed after the status line went out: end the connection, so the client sees an incomplete response.
    target.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    target.off("drain", resume);
    target.off("close", onClose);
    reader.releaseLock();
  }
}
