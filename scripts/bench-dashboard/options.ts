/** Command line of npm run bench:dashboard (scripts/bench-dashboard.ts). */
export type DatabaseKind = "sqlite" | "postgres";

export interface DashboardBenchOptions {
  scale: number;
  databases: DatabaseKind[];
  /** SQLite: the data directory to use (default: a new temporary one). */
  dataDir: string | null;
  /** PostgreSQL: the server to create a database on, or with --reuse the database itself. */
  postgresUrl: string;
  /** Use the database as it is when it already has data. */
  reuse: boolean;
  /** Keep the temporary data directory or the PostgreSQL database created for the run. */
  keep: boolean;
  /** Timed page requests per case (after warm-up). */
  requests: number;
  /** Timed runs of each widget query alone. */
  queryRuns: number;
  /** The one provider measured beside all providers. */
  provider: number;
  /** The staff user signed in (a demo account; password demo-portal). */
  login: string;
  port: number;
}

export const DASHBOARD_BENCH_USAGE = `npm run bench:dashboard -- [--db sqlite|postgres|both] [--scale N] [--data-dir DIR] [--postgres-url URL]
    [--reuse] [--keep] [--requests N] [--query-runs N] [--provider ID] [--login NAME] [--port P]
  Seeds (or with --reuse, uses) a database of --scale scan requests (default 1,000,000), starts the
  production server (npm run build first) on 127.0.0.1:--port (default 3460), signs in --login
  (default power), and times the whole /dashboard/kpi HTML for one provider (--provider, default
  1001) and for all providers, Month and Week, --requests times each (default 30), and each
  widget's query alone in this process (--query-runs, default 7). Prints Markdown.
  SQLite: a temporary data directory, or --data-dir (with --reuse when it holds a database).
  PostgreSQL: a new database on --postgres-url (default postgres://postgres@127.0.0.1:5432/postgres),
  dropped at the end unless --keep; with --reuse, --postgres-url names the seeded database itself.`;

export class DashboardBenchArgumentError extends Error {}

function wholeNumber(name: string, raw: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!raw || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new DashboardBenchArgumentError(`${name} needs a whole number from ${min} to ${max}`);
  }
  return Number(raw);
}

function text(name: string, raw: string | undefined): string {
  if (!raw || raw.startsWith("--")) throw new DashboardBenchArgumentError(`${name} needs a value`);
  return raw;
}

function databasesOf(raw: string | undefined): DatabaseKind[] {
  if (raw === "sqlite" || raw === "postgres") return [raw];
  if (raw === "both") return ["sqlite", "postgres"];
  throw new DashboardBenchArgumentError("--db needs sqlite, postgres or both");
}

export function parseDashboardBenchOptions(argv: readonly string[]): DashboardBenchOptions {
  const options: DashboardBenchOptions = {
    scale: 1_000_000,
    databases: ["sqlite"],
    dataDir: null,
    postgresUrl: "postgres://postgres@127.0.0.1:5432/postgres",
    reuse: false,
    keep: false,
    requests: 30,
    queryRuns: 7,
    provider: 1001,
    login: "power",
    port: 3460,
  };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === "--db") options.databases = databasesOf(argv[++index]);
    else if (arg === "--scale") options.scale = wholeNumber(arg, argv[++index], 1);
    else if (arg === "--data-dir") options.dataDir = text(arg, argv[++index]);
    else if (arg === "--postgres-url") options.postgresUrl = text(arg, argv[++index]);
    else if (arg === "--reuse") options.reuse = true;
    else if (arg === "--keep") options.keep = true;
    else if (arg === "--requests") options.requests = wholeNumber(arg, argv[++index], 5);
    else if (arg === "--query-runs") options.queryRuns = wholeNumber(arg, argv[++index], 1);
    else if (arg === "--provider") options.provider = wholeNumber(arg, argv[++index], 1);
    else if (arg === "--login") options.login = text(arg, argv[++index]);
    else if (arg === "--port") options.port = wholeNumber(arg, argv[++index], 3400, 3499);
    else throw new DashboardBenchArgumentError(`unknown argument ${JSON.stringify(arg)}`);
  }
  if (options.reuse && options.databases.includes("sqlite") && !options.dataDir) {
    throw new DashboardBenchArgumentError("--reuse needs --data-dir for SQLite");
  }
  return options;
}
