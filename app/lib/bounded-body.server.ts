/**
 * A request's or an answer's body as bytes, or null when it is larger than maxBytes: refused on
 * its Content-Length, else as soon as more than maxBytes arrived (a lying or missing
 * Content-Length cannot get past it). The unread rest is let go as `leave` says: cancelled (an
 * answer, whose connection may then close) or released (a request body the server still owns).
 */
export async function readBoundedBody(message: Request | Response, maxBytes: number, leave: "cancel" | "release"): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(message.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) {
    if (leave === "cancel") await message.body?.cancel();
    return null;
  }
  if (!message.body) return new Uint8Array(0);
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      if (leave === "cancel") await reader.cancel();
      else reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
