/** Command line of npm run bench:activity (scripts/bench-activity.ts). */
export type ActivityBenchDatabase = "sqlite" | "postgres";

export interface ActivityBenchOptions {
  databases: ActivityBenchDatabase[];
  /** Audit events written before the timing. */
  events: number;
  /** Timed page requests per case (after warm-up). */
  requests: number;
  /** PostgreSQL: the server on which a database of the run's own is created and dropped. */
  postgresUrl: string;
  port: number;
}

export const ACTIVITY_BENCH_USAGE = `npm run bench:activity -- [--db sqlite|postgres|both] [--events N] [--requests N] [--postgres-url URL] [--port P]
  Per database: a new database with small demo data (2,000 scan requests), then --events audit
  events (default 1,000,000) over the year before now, chained as the portal chains them; starts the
  production server (npm run build first) on 127.0.0.1:--port (default 3470), signs in admin, and
  times the whole /admin/activity HTML (first page, each filter, a second page by cursor), --requests
  times each (default 40); then npm run audit:verify's check of the whole chain. Prints Markdown.
  PostgreSQL: a new database on --postgres-url (default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end.`;

export class ActivityBenchArgumentError extends Error {}

function wholeNumber(name: string, raw: string | undefined, min: number, max: number): number {
  if (!raw || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ActivityBenchArgumentError(`${name} needs a whole number from ${min} to ${max}`);
  }
  return Number(raw);
}

export function parseActivityBenchOptions(argv: readonly string[]): ActivityBenchOptions {
  const options: ActivityBenchOptions = {
    databases: ["sqlite", "postgres"],
    events: 1_000_000,
    requests: 40,
    postgresUrl: "postgres://postgres@127.0.0.1:5432/postgres",
    port: 3470,
  };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const next = () => argv[++index];
    if (arg === "--db") {
      const raw = next();
      if (raw === "both") options.databases = ["sqlite", "postgres"];
      else if (raw === "sqlite" || raw === "postgres") options.databases = [raw];
      else throw new ActivityBenchArgumentError("--db needs sqlite, postgres or both");
    } else if (arg === "--events") options.events = wholeNumber(arg, next(), 1, 10_000_000);
    else if (arg === "--requests") options.requests = wholeNumber(arg, next(), 1, 10_000);
    else if (arg === "--port") options.port = wholeNumber(arg, next(), 1024, 65_535);
    else if (arg === "--postgres-url") {
      const raw = next();
      if (!raw || !/^postgres(ql)?:\/\//.test(raw)) throw new ActivityBenchArgumentError("--postgres-url needs a postgres:// URL");
      options.postgresUrl = raw;
    } else throw new ActivityBenchArgumentError(`unknown argument ${JSON.stringify(arg)}`);
  }
  return options;
}
