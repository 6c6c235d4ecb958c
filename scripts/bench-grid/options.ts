/** Command line of npm run bench (scripts/bench-grid.ts). */
export interface BenchOptions {
  scale: number;
  /** SQLite: the data directory to use (default: a new temporary one). */
  dataDir: string | null;
  /** Use the database as it is when it already has data (SQLite: --data-dir; PostgreSQL: DATABASE_URL itself). */
  reuse: boolean;
  /** Keep the temporary data directory or the PostgreSQL database created for the run. */
  keep: boolean;
  /** Timed requests per page case (after warm-up), and the time limit of a case. */
  requests: number;
  seconds: number;
  /** Runs of each CSV download. */
  csvRuns: number;
  html: boolean;
  /** A directory for the server's V8 CPU profiles (node --cpu-prof; written when the server stops), or null. */
  serverCpuProfileDir: string | null;
}

export const BENCH_USAGE = `npm run bench -- [--scale N] [--data-dir DIR] [--reuse] [--keep] [--requests N] [--seconds S] [--csv-runs N] [--no-html] [--server-cpu-prof DIR]
  SQLite by default (a temporary DATA_DIR); PostgreSQL when DATABASE_URL is postgres://... (a new
  database on that server, dropped afterwards; with --reuse, the database DATABASE_URL names).
  --server-cpu-prof DIR: the server runs with node --cpu-prof and writes its profiles (one a thread) to DIR.`;

export class BenchArgumentError extends Error {}

function wholeNumber(name: string, raw: string | undefined, min: number): number {
  if (!raw || !/^\d+$/.test(raw) || Number(raw) < min) throw new BenchArgumentError(`${name} needs a whole number of at least ${min}`);
  return Number(raw);
}

export function parseBenchOptions(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = {
    scale: 1_000_000,
    dataDir: null,
    reuse: false,
    keep: false,
    requests: 40,
    seconds: 15,
    csvRuns: 2,
    html: true,
    serverCpuProfileDir: null,
  };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === "--scale") options.scale = wholeNumber(arg, argv[++index], 1);
    else if (arg === "--data-dir") {
      const dir = argv[++index];
      if (!dir) throw new BenchArgumentError("--data-dir needs a directory");
      options.dataDir = dir;
    } else if (arg === "--reuse") options.reuse = true;
    else if (arg === "--keep") options.keep = true;
    else if (arg === "--requests") options.requests = wholeNumber(arg, argv[++index], 5);
    else if (arg === "--seconds") options.seconds = wholeNumber(arg, argv[++index], 1);
    else if (arg === "--csv-runs") options.csvRuns = wholeNumber(arg, argv[++index], 1);
    else if (arg === "--no-html") options.html = false;
    else if (arg === "--server-cpu-prof") {
      const dir = argv[++index];
      if (!dir) throw new BenchArgumentError("--server-cpu-prof needs a directory");
      options.serverCpuProfileDir = dir;
    } else throw new BenchArgumentError(`unknown argument ${JSON.stringify(arg)}`);
  }
  if (options.reuse && !options.dataDir && !process.env.DATABASE_URL?.startsWith("postgres")) {
    throw new BenchArgumentError("--reuse needs --data-dir (SQLite) or DATABASE_URL (PostgreSQL)");
  }
  return options;
}
