import { spawn } from "node:child_process";
import path from "node:path";
import { CsvRecordCounter } from "./csv-records";
import type { BenchDatabase } from "./database";
import { setDatabase } from "../../app/db/db.server";
import { readExportQuery } from "../../app/grid/export-query";
import { loadTransactionFilterChoices } from "../../app/modules/transactions/filter-options.server";
import { transactionsGrid } from "../../app/modules/transactions/grid";
import { selectTransactionExportRows } from "../../app/modules/transactions/grid-query.server";

/** The database's own CSV of the rows an export reads, as its command-line client writes it. */
export interface DumpRun {
  /** The command, as a reader would type it (the SQL elided). */
  tool: string;
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
}

/** A parameter as an SQL literal (the dump's SQL has its parameters written in: `COPY (…)` takes none). */
function literal(value: unknown, dialect: BenchDatabase["kind"]): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return dialect === "postgres" ? String(value) : value ? "1" : "0";
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`A parameter of type ${typeof value} cannot be written into the dump's SQL`);
}

/**
 * The compiled SQL with its parameters written in: `?` (SQLite) or `$n` (PostgreSQL) outside
 * quoted strings and identifiers, which is where Kysely puts them.
 */
export function inlineParameters(sqlText: string, parameters: readonly unknown[], dialect: BenchDatabase["kind"]): string {
  let out = "";
  let quote: string | null = null;
  let next = 0;
  const used = new Set<number>();
  for (let index = 0; index < sqlText.length; index++) {
    const char = sqlText[index];
    if (quote) {
      out += char;
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') {
      quote = char;
      out += char;
    } else if (dialect === "sqlite" && char === "?") {
      out += literal(parameters[next++], dialect);
    } else if (dialect === "postgres" && char === "$" && /\d/.test(sqlText[index + 1] ?? "")) {
      const digits = /^\d+/.exec(sqlText.slice(index + 1))?.[0] ?? "";
      if (Number(digits) > parameters.length) throw new Error(`The dump's SQL names $${digits} of ${parameters.length} parameters`);
      out += literal(parameters[Number(digits) - 1], dialect);
      index += digits.length;
      used.add(Number(digits));
    } else {
      out += char;
    }
  }
  const taken = dialect === "postgres" ? used.size : next;
  if (taken !== parameters.length) throw new Error(`The dump's SQL took ${taken} of ${parameters.length} parameters`);
  return out;
}

/** The SQL of the Transactions export for a URL (the same state and query the portal's export runs), parameters written in. */
export async function transactionsExportSql(bench: BenchDatabase, exportPath: string, timeZone: string): Promise<string> {
  setDatabase(bench.database);
  const scope = { restricted: false } as const;
  const choices = await loadTransactionFilterChoices(scope);
  const { state } = readExportQuery({ definition: transactionsGrid, url: new URL(exportPath, "http://bench.invalid"), timeZone, options: choices.options });
  const compiled = selectTransactionExportRows({ state, timeZone, scope, storedValues: choices.storedValues }).compile();
  return inlineParameters(compiled.sql, compiled.parameters, bench.kind);
}

/** `sqlite3 -csv -header` or `psql -c "COPY (…) TO STDOUT WITH (FORMAT csv, HEADER)"`, its output counted as it arrives. */
export async function dumpWithDatabaseClient(bench: BenchDatabase, sqlText: string): Promise<DumpRun> {
  const [command, args, tool] =
    bench.kind === "sqlite"
      ? [
          "sqlite3",
          ["-readonly", "-csv", "-header", path.join(bench.serverEnv.DATA_DIR, "portal.sqlite"), sqlText],
          "sqlite3 -readonly -csv -header portal.sqlite '<the export's SELECT>'",
        ]
      : [
          "psql",
          ["-X", "-q", "-v", "ON_ERROR_STOP=1", bench.serverEnv.DATABASE_URL, "-c", `COPY (${sqlText}) TO STDOUT WITH (FORMAT csv, HEADER)`],
          'psql -c "COPY (<the export\'s SELECT>) TO STDOUT WITH (FORMAT csv, HEADER)"',
        ];
  const counter = new CsvRecordCounter();
  let bytes = 0;
  let stderr = "";
  const started = performance.now();
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.on("data", (chunk: Buffer) => {
    counter.add(chunk);
    bytes += chunk.byteLength;
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`${command} ended with ${code}: ${stderr.trim().slice(0, 500)}`);
  const rows = Math.max(0, counter.records - 1);
  return { tool, rows, bytes, seconds, rowsPerSecond: rows / seconds };
}
