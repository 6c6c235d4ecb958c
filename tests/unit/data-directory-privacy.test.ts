import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { LogFields, Logger } from "~/lib/logger.server";
import { preparePrivateDatabaseFile } from "~/lib/private-files.server";
import { secureDataDirectory } from "~/platform/data-directory-privacy.server";
import { expectPrivateTree } from "../support/private-tree";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function capturingLogger(): { logger: Logger; warnings: { msg: string; fields?: LogFields }[] } {
  const warnings: { msg: string; fields?: LogFields }[] = [];
  const ignore = () => undefined;
  const logger: Logger = { debug: ignore, info: ignore, error: ignore, warn: (msg, fields) => warnings.push({ msg, fields }) } as Logger;
  return { logger, warnings };
}

/** A data folder as an older portal (or an operator) left it: every mode open to others. */
function openDataDirectory(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-modes-"));
  made.push(dataDir);
  for (const dir of ["secrets", "files/logos", "run"]) fs.mkdirSync(path.join(dataDir, dir), { recursive: true, mode: 0o755 });
  for (const file of ["portal.sqlite", "portal.sqlite-wal", "portal.sqlite-shm", "secrets/session-secret", "files/logos/1001.png", "run/portal-1.json"]) {
    fs.writeFileSync(path.join(dataDir, file), "x", { mode: 0o644 });
  }
  for (const dir of ["secrets", "files", "files/logos", "run"]) fs.chmodSync(path.join(dataDir, dir), 0o755);
  fs.chmodSync(dataDir, 0o755);
  return dataDir;
}

describe("the data directory at start (decision 0062)", () => {
  it("warns once each for an open data folder and database, leaves the folder, and makes what the portal made private", () => {
    const dataDir = openDataDirectory();
    const { logger, warnings } = capturingLogger();
    secureDataDirectory({ dataDir, sqliteFile: path.join(dataDir, "portal.sqlite") }, logger);
    expect(warnings).toEqual([
      { msg: expect.stringContaining("The data directory is open to other accounts"), fields: { path: dataDir, mode: "0755" } },
      { msg: "The database file was open to other accounts on this host: made 0600", fields: { path: path.join(dataDir, "portal.sqlite"), mode: "0644" } },
    ]);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o755);
    for (const name of ["portal.sqlite", "portal.sqlite-wal", "portal.sqlite-shm", "secrets", "files", "run"])
      expectPrivateTree(path.join(dataDir, name), { minFiles: 1 });

    // The next start has nothing to say of the database; the operator's folder is still named.
    const again = capturingLogger();
    secureDataDirectory({ dataDir, sqliteFile: path.join(dataDir, "portal.sqlite") }, again.logger);
    expect(again.warnings.map((warning) => warning.fields?.path)).toEqual([dataDir]);
  });

  it("creates a new database file 0600 and makes an existing one and its companions 0600", () => {
    const dataDir = openDataDirectory();
    const fresh = path.join(dataDir, "new.sqlite");
    preparePrivateDatabaseFile(fresh);
    expect(fs.statSync(fresh).mode & 0o777).toBe(0o600);
    preparePrivateDatabaseFile(path.join(dataDir, "portal.sqlite"));
    for (const name of ["portal.sqlite", "portal.sqlite-wal", "portal.sqlite-shm"]) expect(fs.statSync(path.join(dataDir, name)).mode & 0o777).toBe(0o600);
  });
});
