import { describe, expect, it } from "vitest";
import { FORM_BODY_LIMIT_BYTES, FORM_BODY_MESSAGES, readForm } from "~/write-path/read-form.server";

function post(body: BodyInit | null, contentType?: string, extraHeaders: Record<string, string> = {}): Request {
  const headers = new Headers(extraHeaders);
  const request = new Request("http://portal.test/feedback", { method: "POST", body, headers, duplex: "half" } as RequestInit);
  // A Blob or string body makes undici invent a content type; the tests say exactly which one is sent.
  if (contentType === undefined) request.headers.delete("Content-Type");
  else request.headers.set("Content-Type", contentType);
  return request;
}

/** The thrown Response of a refused body: its status and message. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(thrown instanceof Response)) throw new Error(`expected a thrown Response, got ${String(thrown)}`);
  const body = (await thrown.json()) as { message: string };
  return { status: thrown.status, message: body.message };
}

function streamOf(chunks: number, chunkSize: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === chunks) return controller.close();
      sent += 1;
      controller.enqueue(new Uint8Array(chunkSize).fill(0x61));
    },
  });
}

describe("readForm", () => {
  it("reads a URL-encoded form", async () => {
    const form = await readForm(post("topic=BUG&message=Hello+there%21&ids=1&ids=2", "application/x-www-form-urlencoded; charset=UTF-8"));
    expect(form.get("topic")).toBe("BUG");
    expect(form.get("message")).toBe("Hello there!");
    expect(form.getAll("ids")).toEqual(["1", "2"]);
  });

  it("reads a multipart form", async () => {
    const sent = new FormData();
    sent.set("topic", "IDEA");
    sent.set("message", "Dark theme");
    const encoded = new Request("http://portal.test/", { method: "POST", body: sent });
    const form = await readForm(post(await encoded.arrayBuffer(), encoded.headers.get("Content-Type") ?? ""));
    expect(Object.fromEntries(form)).toEqual({ topic: "IDEA", message: "Dark theme" });
  });

  it("takes an empty body without a content type as an empty form", async () => {
    expect([...(await readForm(post(null)))]).toEqual([]);
  });

  it.each([
    ["JSON", '{"topic":"BUG"}', "application/json"],
    ["text", "topic=BUG", "text/plain"],
    ["XML", "<form><topic>BUG</topic></form>", "application/xml"],
    ["an unknown type", "topic=BUG", "application/x-www-form-urlencodedX"],
    ["no content type", "topic=BUG", undefined],
  ])("refuses %s with 400 and says what a form is", async (_name, body, contentType) => {
    expect(await refusal(readForm(post(body, contentType)))).toEqual({ status: 400, message: FORM_BODY_MESSAGES.notAForm });
  });

  it.each([
    ["garbage", "garbage", "multipart/form-data; boundary=xx"],
    ["no boundary", "--xx\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--xx--\r\n", "multipart/form-data"],
    ["an unterminated part", '--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', "multipart/form-data; boundary=xx"],
  ])("refuses a malformed multipart body (%s) with 400", async (_name, body, contentType) => {
    expect(await refusal(readForm(post(body, contentType)))).toEqual({ status: 400, message: FORM_BODY_MESSAGES.unreadable });
  });

  it.each([
    ["a value", "topic=BUG&message=a%00b", "application/x-www-form-urlencoded"],
    ["a name", "%00=1", "application/x-www-form-urlencoded"],
    ["a multipart text field", '--xx\r\nContent-Disposition: form-data; name="message"\r\n\r\na\u0000b\r\n--xx--\r\n', "multipart/form-data; boundary=xx"],
  ])("refuses a NUL in %s with 400: PostgreSQL cannot store it (decision 0021)", async (_name, body, contentType) => {
    expect(await refusal(readForm(post(body, contentType)))).toEqual({ status: 400, message: FORM_BODY_MESSAGES.nulCharacter });
  });

  it("takes a NUL inside an uploaded file's bytes", async () => {
    const body =
      '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\na\u0000b\r\n--xx--\r\n';
    const file = (await readForm(post(body, "multipart/form-data; boundary=xx"))).get("file");
    expect(file).toBeInstanceOf(Blob);
    expect(await (file as Blob).text()).toBe("a\u0000b");
  });

  it("refuses a body over the limit with 413, by its Content-Length before reading it", async () => {
    const request = post(streamOf(1, 10), "application/x-www-form-urlencoded", { "Content-Length": String(FORM_BODY_LIMIT_BYTES + 1) });
    expect(await refusal(readForm(request))).toEqual({ status: 413, message: FORM_BODY_MESSAGES.tooLarge });
  });

  it("refuses a body over the limit with 413 while reading it, when no length was declared", async () => {
    const chunkSize = 64 * 1024;
    const request = post(streamOf(Math.ceil(FORM_BODY_LIMIT_BYTES / chunkSize) + 1, chunkSize), "application/x-www-form-urlencoded");
    expect(await refusal(readForm(request))).toEqual({ status: 413, message: FORM_BODY_MESSAGES.tooLarge });
  });

  it("takes a body at the limit, and a caller's own limit", async () => {
    const atLimit = `a=${"b".repeat(FORM_BODY_LIMIT_BYTES - 2)}`;
    expect((await readForm(post(atLimit, "application/x-www-form-urlencoded"))).get("a")).toHaveLength(FORM_BODY_LIMIT_BYTES - 2);
    expect((await refusal(readForm(post("a=123456", "application/x-www-form-urlencoded"), { maxBytes: 4 }))).status).toBe(413);
  });
});
