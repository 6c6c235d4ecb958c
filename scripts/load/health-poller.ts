import http from "node:http";

/**
 * /api/health polled on every instance while the load runs, the way a load balancer or a monitor
 * does: one request at a time on its own keep-alive connection, every `intervalMs`, timed from
 * the request to the last byte. A status other than 200, a body without "status":"ok", an error or
 * no answer within `timeoutMs` is a failure.
 */
export interface HealthResult {
  instance: string;
  durationsMs: number[];
  failures: number;
  /** The first failure seen. */
  example: string | null;
}

export interface HealthPoller {
  stop(): Promise<HealthResult[]>;
}

function healthOnce(agent: http.Agent, url: URL, timeoutMs: number): Promise<{ ok: boolean; detail: string }> {
  return new Promise((resolve) => {
    const request = http.get({ agent, host: url.hostname, port: url.port, path: "/api/health", headers: { accept: "application/json" } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        const ok = response.statusCode === 200 && /"status"\s*:\s*"ok"/.test(body);
        resolve({ ok, detail: `${response.statusCode} ${body.slice(0, 200)}` });
      });
      response.on("error", (error) => resolve({ ok: false, detail: error.message }));
    });
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on("error", (error) => resolve({ ok: false, detail: error.message }));
  });
}

export interface HealthTarget {
  name: string;
  /** http://127.0.0.1:<port> */
  url: string;
}

export function pollHealth(instances: readonly HealthTarget[], intervalMs = 250, timeoutMs = 5000): HealthPoller {
  let stopped = false;
  const loops = instances.map(async (instance): Promise<HealthResult> => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const url = new URL(instance.url);
    const result: HealthResult = { instance: instance.name, durationsMs: [], failures: 0, example: null };
    try {
      while (!stopped) {
        const started = performance.now();
        const answer = await healthOnce(agent, url, timeoutMs);
        const elapsed = performance.now() - started;
        if (answer.ok) result.durationsMs.push(elapsed);
        else {
          result.failures++;
          result.example ??= answer.detail;
        }
        if (elapsed < intervalMs && !stopped) await new Promise((resolve) => setTimeout(resolve, intervalMs - elapsed));
      }
    } finally {
      agent.destroy();
    }
    return result;
  });
  return {
    async stop() {
      stopped = true;
      return Promise.all(loops);
    },
  };
}
