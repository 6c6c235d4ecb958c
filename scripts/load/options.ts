/** Command line of npm run load (scripts/load.ts). */
export type LoadDatabaseKind = "sqlite" | "postgres";

export interface LoadOptions {
  /** Seconds of load per database. */
  durationSeconds: number;
  /** Concurrent signed-in users, one keep-alive connection each. */
  connections: number;
  databases: LoadDatabaseKind[];
  /** Scan requests in the demo data set. */
  scale: number;
  /** Portal processes per database; default 1 on SQLite (one file, one process) and 2 on PostgreSQL. */
  instances: { sqlite: number; postgres: number };
  /** Mean pause of a user between a response and the next request, in ms (0: no pause at all). */
  thinkMs: number;
  /** A request without a complete answer after this long counts as a timeout. */
  timeoutSeconds: number;
  /** The PostgreSQL server on which the run creates (and drops) a database of its own. */
  postgresUrl: string;
  /**
   * A seeded PostgreSQL database to use as it is instead (a benchmark set, such as ten million
   * lean requests): not seeded, not dropped; the load users are written into it. Null: a new one.
   */
  postgresDatabase: string | null;
  /** Where the seeded SQLite databases are kept between runs. */
  cacheDir: string;
  /** Keep the run's data directory and PostgreSQL database (for a look afterwards). */
  keep: boolean;
  /** Also write the results as JSON to this file. */
  jsonFile: string | null;
}

/** Pauses reach 1.5 times the mean: 4.5 s, under Node's default keep-alive timeout of 5 s. */
export const MAX_THINK_MS = 3000;

export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";

export const LOAD_USAGE = `npm run load -- [options]
  --duration S        seconds of load per database (default 60)
  --connections N     concurrent signed-in users (default 50)
  --database D        sqlite, postgres or both (default sqlite)
  --scale N           scan requests in the data set (default 30000; 1000000 is the benchmark set)
  --instances N       portal processes (default: 1 on SQLite, 2 on PostgreSQL)
  --think MS          mean pause of a user between an answer and the next request, at most 3000
                      (default 2000; each pause is drawn from 0.5 to 1.5 times it; 0 = no pause)
  --timeout S         a request unanswered after S seconds is a timeout (default 30)
  --postgres-url URL  server where a database of the run's own is created and dropped
                      (default LOAD_POSTGRES_URL or ${DEFAULT_POSTGRES_URL})
  --postgres-database URL  a seeded database to use as it is (not seeded, not dropped; the load
                      users are written into it), e.g. one of npm run seed -- --lean --scale 10000000
  --cache-dir DIR     seeded SQLite databases kept between runs (default .tmp-bench/load)
  --keep              keep the run's data directory and PostgreSQL database
  --json FILE         also write the results as JSON
Exit codes: 0 every target met, 1 a target missed or the run failed, 2 bad arguments.`;

export class LoadArgumentError extends Error {}

function wholeNumber(name: string, raw: string | undefined, min: number, max: number): number {
  if (!raw || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new LoadArgumentError(`${name} needs a whole number from ${min} to ${max}`);
  }
  return Number(raw);
}

function text(name: string, raw: string | undefined): string {
  if (!raw || raw.startsWith("--")) throw new LoadArgumentError(`${name} needs a value`);
  return raw;
}

function databasesOf(raw: string): LoadDatabaseKind[] {
  if (raw === "sqlite" || raw === "postgres") return [raw];
  if (raw === "both") return ["sqlite", "postgres"];
  throw new LoadArgumentError(`--database must be sqlite, postgres or both (got ${JSON.stringify(raw)})`);
}

export function parseLoadOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): LoadOptions {
  const options: LoadOptions = {
    durationSeconds: 60,
    connections: 50,
    databases: ["sqlite"],
    scale: 30_000,
    instances: { sqlite: 1, postgres: 2 },
    thinkMs: 2000,
    timeoutSeconds: 30,
    postgresUrl: env.LOAD_POSTGRES_URL || DEFAULT_POSTGRES_URL,
    postgresDatabase: null,
    cacheDir: ".tmp-bench/load",
    keep: false,
    jsonFile: null,
  };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const next = () => argv[++index];
    if (arg === "--duration") options.durationSeconds = wholeNumber(arg, next(), 1, 3600);
    else if (arg === "--connections") options.connections = wholeNumber(arg, next(), 1, 1000);
    else if (arg === "--database") options.databases = databasesOf(text(arg, next()));
    else if (arg === "--scale") options.scale = wholeNumber(arg, next(), 1, 10_000_000);
    else if (arg === "--instances") {
      const count = wholeNumber(arg, next(), 1, 8);
      options.instances = { sqlite: count, postgres: count };
    } else if (arg === "--think") options.thinkMs = wholeNumber(arg, next(), 0, MAX_THINK_MS);
    else if (arg === "--timeout") options.timeoutSeconds = wholeNumber(arg, next(), 10, 600);
    else if (arg === "--postgres-url") options.postgresUrl = text(arg, next());
    else if (arg === "--postgres-database") options.postgresDatabase = text(arg, next());
    else if (arg === "--cache-dir") options.cacheDir = text(arg, next());
    else if (arg === "--keep") options.keep = true;
    else if (arg === "--json") options.jsonFile = text(arg, next());
    else throw new LoadArgumentError(`unknown argument ${JSON.stringify(arg)}`);
  }
  if (!/^postgres(ql)?:\/\//.test(options.postgresUrl)) throw new LoadArgumentError("--postgres-url must be a postgres:// URL");
  if (options.postgresDatabase !== null && !/^postgres(ql)?:\/\/[^/]+\/[^/?]+/.test(options.postgresDatabase)) {
    throw new LoadArgumentError("--postgres-database must be a postgres:// URL naming a database");
  }
  return options;
}
