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
 * Copies a response body to the socket at the client's pace: after a write the socket cannot
 * take, the next chunk is read only once it drains. (@remix-run/express writes every chunk at
 * once, so a large streamed download from a slow client piles up in memory.) When the client
 * goes away the body is cancelled, which lets its producer release what it holds.
 *
 * What is written is flushed through compression once the producer pauses (at the next turn of
 * the event loop), not after every chunk: a page streams as it is rendered, while the chunks of
 * one burst (React writes a document in hundreds of small ones) share one zlib flush.
 */
export async function writeBody(body: ReadableStream<Uint8Array>, target: BodyTarget): Promise<void> {
  const reader = body.getReader();
  let closed = target.destroyed === true;
  let ended = false;
  let flushScheduled = false;
  let wake: (() => void) | undefined;
  const flushSoon = () => {
    if (!target.flush || flushScheduled) return;
    flushScheduled = true;
    setImmediate(() => {
      flushScheduled = false;
      if (!closed && !ended) target.flush?.();
    });
  };
  const resume = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  const onClose = () => {
    closed = true;
    resume();
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
        target.end();
        return;
      }
      if (closed) {
        await reader.cancel();
        return;
      }
      const more = target.write(value);
      flushSoon();
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
