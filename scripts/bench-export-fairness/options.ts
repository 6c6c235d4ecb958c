/** Command line of npm run bench:export-fairness (scripts/bench-export-fairness.ts). */
export interface FairnessOptions {
  scale: number;
  /** SQLite: the data directory to use (default: a new temporary one). */
  dataDir: string | null;
  /** Use the database as it is when it already has data (SQLite: --data-dir; PostgreSQL: DATABASE_URL itself). */
  reuse: boolean;
  keep: boolean;
  /** Whole-table exports running at once. */
  exports: number;
  /** The longest measuring window per mode (it also ends when the first export ends). */
  seconds: number;
  /** Which downloads: without gzip, with gzip, or both (one after the other). */
  gzip: Array<"no" | "yes">;
  /** Pause between two /api/health requests, and between two grid pages (ms). */
  healthEveryMs: number;
  pageEveryMs: number;
}

export const FAIRNESS_USAGE = `npm run bench:export-fairness -- [--scale N] [--data-dir DIR] [--reuse] [--keep] [--exports N] [--seconds S] [--gzip no|yes|both] [--health-every MS] [--page-every MS]
  SQLite by default (a temporary DATA_DIR, seeded with --scale scan requests, 1,000,000 unless told);
  PostgreSQL when DATABASE_URL is postgres://... (a new database on that server, dropped
  afterwards; with --reuse, the database DATABASE_URL names). Build first: npm run build.`;

export class FairnessArgumentError extends Error {}

function wholeNumber(name: string, raw: string | undefined, min: number): number {
  if (!raw || !/^\d+$/.test(raw) || Number(raw) < min) throw new FairnessArgumentError(`${name} needs a whole number of at least ${min}`);
  return Number(raw);
}

export function parseFairnessOptions(argv: readonly string[]): FairnessOptions {
  const options: FairnessOptions = {
    scale: 1_000_000,
    dataDir: null,
    reuse: false,
    keep: false,
    exports: 4,
    seconds: 60,
    gzip: ["no", "yes"],
    healthEveryMs: 50,
    pageEveryMs: 250,
  };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === "--scale") options.scale = wholeNumber(arg, argv[++index], 1);
    else if (arg === "--data-dir") {
      const dir = argv[++index];
      if (!dir) throw new FairnessArgumentError("--data-dir needs a directory");
      options.dataDir = dir;
    } else if (arg === "--reuse") options.reuse = true;
    else if (arg === "--keep") options.keep = true;
    else if (arg === "--exports") options.exports = wholeNumber(arg, argv[++index], 1);
    else if (arg === "--seconds") options.seconds = wholeNumber(arg, argv[++index], 5);
    else if (arg === "--health-every") options.healthEveryMs = wholeNumber(arg, argv[++index], 0);
    else if (arg === "--page-every") options.pageEveryMs = wholeNumber(arg, argv[++index], 0);
    else if (arg === "--gzip") {
      const value = argv[++index];
      if (value === "no" || value === "yes") options.gzip = [value];
      else if (value === "both") options.gzip = ["no", "yes"];
      else throw new FairnessArgumentError("--gzip needs no, yes or both");
    } else throw new FairnessArgumentError(`unknown argument ${JSON.stringify(arg)}`);
  }
  if (options.reuse && !options.dataDir && !process.env.DATABASE_URL?.startsWith("postgres")) {
    throw new FairnessArgumentError("--reuse needs --data-dir (SQLite) or DATABASE_URL (PostgreSQL)");
  }
  return options;
}
