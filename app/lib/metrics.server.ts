import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The portal's Prometheus metrics (GET /metrics, decision 0055). Every label value comes from a
 * closed set the code names (route ids, methods, status classes, grid ids, outcomes), never from
 * a request: no paths, ids, logins or user input.
 */
export type ResendKind = "results" | "invoice";
export type ResendOutcome = "success" | "refusal" | "failure" | "timeout";
export type SignInOutcome = "success" | "failed";
export type ExportOutcome = "complete" | "cancelled" | "failed";

/** Read when Prometheus scrapes: values that live elsewhere (sessions in the database, the pool). */
export interface MetricProbes {
  activeSessions?: () => Promise<number>;
  pool?: () => { total: number; idle: number; waiting: number } | null;
}

interface PortalMetrics {
  registry: Registry;
  probes: MetricProbes;
  httpRequests: Counter<"route" | "method" | "status_class">;
  httpDuration: Histogram<"route" | "method">;
  exportsStarted: Counter<"grid">;
  exportRows: Counter<"grid">;
  exportBytes: Counter<"grid">;
  exportDuration: Histogram<"grid" | "outcome">;
  resends: Counter<"kind" | "outcome">;
  signIns: Counter<"outcome">;
  dbQueryDuration: Histogram<"dialect">;
}

let metrics: PortalMetrics | undefined;

/** Latency buckets in seconds, from a cached page to a slow export. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function create(): PortalMetrics {
  const registry = new Registry();
  const probes: MetricProbes = {};
  collectDefaultMetrics({ register: registry, prefix: "portal_" });
  // prom-client names three gauges with a counter's `_total` suffix, which Prometheus's linter
  // (promtool check metrics) refuses. Each is the sum of its by-type gauge, which stays
  // (portal_nodejs_active_handles{type} and the others): sum() over it gives the same number.
  for (const name of ["active_handles_total", "active_requests_total", "active_resources_total"]) registry.removeSingleMetric(`portal_nodejs_${name}`);
  const metrics: PortalMetrics = {
    registry,
    probes,
    httpRequests: new Counter({
      name: "portal_http_requests_total",
      help: "HTTP requests answered, by route id (or static, oidc, sandbox, metrics, unmatched), method and status class.",
      labelNames: ["route", "method", "status_class"],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "portal_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by route id and method.",
      labelNames: ["route", "method"],
      buckets: SECONDS,
      registers: [registry],
    }),
    exportsStarted: new Counter({
      name: "portal_csv_exports_started_total",
      help: "CSV exports started, by grid.",
      labelNames: ["grid"],
      registers: [registry],
    }),
    exportRows: new Counter({
      name: "portal_csv_export_rows_total",
      help: "Rows written to CSV exports, by grid.",
      labelNames: ["grid"],
      registers: [registry],
    }),
    exportBytes: new Counter({
      name: "portal_csv_export_bytes_total",
      help: "Bytes of CSV handed to responses, by grid.",
      labelNames: ["grid"],
      registers: [registry],
    }),
    exportDuration: new Histogram({
      name: "portal_csv_export_duration_seconds",
      help: "How long CSV exports took from start to their end, by grid and how they ended (complete, cancelled by the client, failed).",
      labelNames: ["grid", "outcome"],
      buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900],
      registers: [registry],
    }),
    resends: new Counter({
      name: "portal_cccone_resends_total",
      help: "Resends to CCC ONE, by kind (results, invoice) and outcome (success, refusal, failure, timeout).",
      labelNames: ["kind", "outcome"],
      registers: [registry],
    }),
    signIns: new Counter({ name: "portal_sign_ins_total", help: "Sign-ins completed and failed.", labelNames: ["outcome"], registers: [registry] }),
    dbQueryDuration: new Histogram({
      name: "portal_db_query_duration_seconds",
      help: "Time of each database query, by dialect.",
      labelNames: ["dialect"],
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
  };
  new Gauge({
    name: "portal_active_sessions",
    help: "Sign-in sessions that have not ended or expired.",
    registers: [registry],
    async collect() {
      if (probes.activeSessions) this.set(await probes.activeSessions());
    },
  });
  const pool = (name: string, help: string, read: (state: { total: number; idle: number; waiting: number }) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const state = probes.pool?.();
        if (state) this.set(read(state));
      },
    });
  pool("portal_db_pool_connections", "PostgreSQL pool: connections open.", (state) => state.total);
  pool("portal_db_pool_idle_connections", "PostgreSQL pool: connections idle.", (state) => state.idle);
  pool("portal_db_pool_waiting_clients", "PostgreSQL pool: queries waiting for a connection.", (state) => state.waiting);
  return metrics;
}

export function portalMetrics(): PortalMetrics {
  metrics ??= create();
  return metrics;
}

export function setMetricProbes(probes: MetricProbes): void {
  Object.assign(portalMetrics().probes, probes);
}

/** 2xx, 3xx, 4xx or 5xx. */
export function statusClass(status: number): string {
  return `${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx`;
}

/** Methods outside HTTP's usual ones are counted as OTHER: a client may send any token. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function recordRequest(route: string, method: string, status: number, seconds: number): void {
  const known = KNOWN_METHODS.has(method) ? method : "OTHER";
  const metrics = portalMetrics();
  metrics.httpRequests.inc({ route, method: known, status_class: statusClass(status) });
  metrics.httpDuration.observe({ route, method: known }, seconds);
}

export function recordResend(kind: ResendKind, outcome: ResendOutcome): void {
  portalMetrics().resends.inc({ kind, outcome });
}

export function recordSignIn(outcome: SignInOutcome): void {
  portalMetrics().signIns.inc({ outcome });
}

export function recordQuery(dialect: string, seconds: number): void {
  portalMetrics().dbQueryDuration.observe({ dialect }, seconds);
}

/** One export's counters: started now, rows and bytes as they stream, its duration when it ends (once). */
export function exportMeter(grid: string): { rows(count: number): void; bytes(count: number): void; end(outcome: ExportOutcome): void } {
  const metrics = portalMetrics();
  metrics.exportsStarted.inc({ grid });
  const stopTimer = metrics.exportDuration.startTimer({ grid });
  let ended = false;
  return {
    rows: (count) => metrics.exportRows.inc({ grid }, count),
    bytes: (count) => metrics.exportBytes.inc({ grid }, count),
    end: (outcome) => {
      if (ended) return;
      ended = true;
      stopTimer({ outcome });
    },
  };
}

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const { registry } = portalMetrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
