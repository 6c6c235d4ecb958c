import http from "node:http";

/**
 * One request on the wire exactly as given (node:http: fetch would normalise the path and refuse
 * some methods), with the answer read whole. A server that answers before it read the body (413
 * for a body over the limit) and closes is fine: the answer counts, the cut upload does not.
 */
export interface WireAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface WireRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * Sends to 127.0.0.1:port with the Host of `base` (the public origin the portal checks). A kept-alive
 * connection the server closed just as it was reused fails with ECONNRESET before any answer: sent again.
 */
export async function sendOnWire(base: string, request: WireRequest): Promise<WireAnswer> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await sendOnce(base, request);
    } catch (error) {
      if (!(error instanceof StaleConnectionError) || attempt >= 2) throw error instanceof StaleConnectionError ? error.cause : error;
    }
  }
}

class StaleConnectionError extends Error {}

function sendOnce(base: string, request: WireRequest): Promise<WireAnswer> {
  const { host, port } = new URL(base);
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = http.request(
      {
        host: "127.0.0.1",
        port,
        method: request.method,
        path: request.path,
        headers: { Host: host, "Accept-Encoding": "identity", ...request.headers, ...(request.body ? { "Content-Length": String(request.body.length) } : {}) },
        agent,
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      },
    );
    outgoing.setTimeout(60_000, () => outgoing.destroy(new Error(`No answer within 60 s to ${request.method} ${request.path.slice(0, 200)}`)));
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (error.code === "HPE_HEADER_OVERFLOW") {
        reject(
          new Error(`The answer's headers are over Node's 16 KiB limit (clients and proxies refuse them): ${request.method} ${request.path.slice(0, 200)}`, {
            cause: error,
          }),
        );
        return;
      }
      reject(outgoing.reusedSocket && error.code === "ECONNRESET" ? new StaleConnectionError("stale kept-alive connection", { cause: error }) : error);
    });
    outgoing.end(request.body);
  });
}

export function closeWireConnections(): void {
  agent.destroy();
}
