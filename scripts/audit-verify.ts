/**
 * npm run audit:verify
 * Checks the audit log's hash chain (decision 0084) in the database named by DATABASE_URL, or the
 * SQLite file in DATA_DIR (./data by default): every row's hash against its content and the row
 * before it. Prints how many rows were verified; on a broken link, the first row where the chain
 * breaks. Exit codes: 0 the chain holds, 1 broken (or the database could not be read).
 */
import path from "node:path";
import { connectDatabase, isPostgresUrl } from "../app/db/connect.server";
import { setDatabase } from "../app/db/db.server";
import { verifyAuditChain } from "../app/modules/audit/verify-chain.server";

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL;
  const database = await connectDatabase({
    databaseUrl: isPostgresUrl(databaseUrl) ? databaseUrl : undefined,
    sqliteFile: path.join(process.env.DATA_DIR || "data", "portal.sqlite"),
  });
  try {
    setDatabase(database);
    const verdict = await verifyAuditChain();
    if (verdict.broken) {
      process.stdout.write(
        `The audit log's chain is broken at event ${verdict.broken.id}: ${verdict.broken.reason}. ${verdict.verified.toLocaleString("en-US")} events before it verified.\n`,
      );
      return 1;
    }
    // A pruned log is verified from its newest prune event (decision 0088): that is where its segment starts.
    const segment = verdict.prunedBy === undefined ? "" : ` (the segment since the log was pruned by event ${verdict.prunedBy})`;
    process.stdout.write(`The audit log's chain holds: ${verdict.verified.toLocaleString("en-US")} events verified${segment} in ${database.description}.\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`audit:verify: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
