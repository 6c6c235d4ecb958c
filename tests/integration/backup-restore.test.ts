import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listStoredFiles } from "~/platform/backup/stored-files.server";
import type { Browser } from "../support/http-browser";
import { singleResendToken } from "../support/issued-resend-token";
import { runPortalCommand } from "../support/portal-commands";
import { signInAs } from "../support/portal-sign-in";
import { expectPrivateTree } from "../support/private-tree";
import { startServer, type RunningServer } from "../support/server-process";
import { resendableRows } from "../support/server-resend-rows";

/**
 * `npm run backup` while the production server keeps writing (resends, settings), then
 * `npm run restore` into a fresh data directory: the restored portal starts, and every row written
 * before the backup began is there (issue 17).
 */
let root: string;
let live: string;
let server: RunningServer;
let base: string;
const restarted: RunningServer[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "portal-backup-"));
  live = path.join(root, "live");
  server = await startServer({ DATA_DIR: live, SEED_SCALE: "200" });
  // The portal's public origin: other hosts are redirected there.
  base = server.url.replace("127.0.0.1", "localhost");
}, 180_000);

afterAll(async () => {
  await server?.stop();
  for (const other of restarted) await other.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

interface WriteLog {
  completedAt: number[];
  failures: string[];
}

/** Saves a time zone and resends a report, again and again, until told to stop. */
async function keepWriting(browser: Browser, rows: number[], stop: { now: boolean }, log: WriteLog): Promise<void> {
  try {
    await writeUntilStopped(browser, rows, stop, log);
  } catch (error) {
    log.failures.push(String(error));
  }
}

async function writeUntilStopped(browser: Browser, rows: number[], stop: { now: boolean }, log: WriteLog): Promise<void> {
  for (let turn = 0; !stop.now; turn += 1) {
    const saved = await browser.post(`${base}/settings`, { intent: "timeZone", timeZone: turn % 2 === 0 ? "UTC" : "America/Chicago" });
    if (saved.status === 302) log.completedAt.push(Date.now());
    else log.failures.push(`settings answered ${saved.status}`);
    const id = rows[turn % rows.length]!;
    const token = await singleResendToken(browser, base, id, "results");
    const resent = await browser.post(`${base}/transactions/${id}/resend`, { kind: "results", token, back: "/transactions" });
    if (resent.status === 302) log.completedAt.push(Date.now());
    else log.failures.push(`resend of ${id} answered ${resent.status}`);
  }
}

function auditRowsUpTo(file: string, lastId: number): Array<Record<string, unknown>> {
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return database.prepare("select * from audit_log where id <= ? order by id").all(lastId) as Array<Record<string, unknown>>;
  } finally {
    database.close();
  }
}

function lastAuditId(file: string): number {
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return (database.prepare("select coalesce(max(id), 0) as id from audit_log").get() as { id: number }).id;
  } finally {
    database.close();
  }
}

describe("npm run backup and npm run restore", () => {
  it("backs up while the portal writes, and the restored portal starts with every row written before", async () => {
    const { browser: power } = await signInAs(base, "power");
    const liveFile = path.join(live, "portal.sqlite");
    const rows = resendableRows(liveFile)
      .filter((row) => row.results && row.id % 10 !== 7)
      .map((row) => row.id);
    expect(rows.length).toBeGreaterThan(0);

    const log: WriteLog = { completedAt: [], failures: [] };
    const stop = { now: false };
    const writing = keepWriting(power, rows, stop, log);
    while (log.completedAt.length < 4 && log.failures.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log.failures).toEqual([]);

    const before = lastAuditId(liveFile);
    const filesBefore = listStoredFiles(path.join(live, "files"));
    expect(before).toBeGreaterThan(0);
    expect(filesBefore.length).toBeGreaterThan(0);
    const archive = path.join(root, "portal-backup.tar.gz");
    const backup = await runPortalCommand("backup", [archive], { DATA_DIR: live });
    stop.now = true;
    await writing;

    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(new RegExp(`^Backed up ${live} to ${archive} \\(\\d+\\.\\d (KiB|MiB)\\):`));
    expect(backup.stdout).toMatch(/stored files: \d+ \(/);
    expect(backup.stdout).toContain("secrets:      config-encryption-key, session-secret");
    expect(log.failures).toEqual([]);
    // The portal went on writing while the backup ran.
    expect(log.completedAt.filter((at) => at > backup.startedAt && at < backup.endedAt).length).toBeGreaterThan(0);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    // What the running portal made (its data folder, database, -wal, -shm, secrets, files, run marks) is its owner's alone.
    expectPrivateTree(live, { minFiles: 5 });
    expect(fs.existsSync(`${liveFile}-wal`)).toBe(true);
    expect(lastAuditId(liveFile)).toBeGreaterThan(before);

    // Not over the data of a running portal.
    const refused = await runPortalCommand("restore", [archive], { DATA_DIR: live });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`restore: A portal is running on ${live} (process ${server.pid}). Stop it before restoring.\n`);
    expect(fs.readdirSync(live).filter((name) => name.startsWith(".replaced-") || name.startsWith(".restore-"))).toEqual([]);

    const fresh = path.join(root, "restored");
    const restored = await runPortalCommand("restore", [archive], { DATA_DIR: fresh });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${archive} into ${fresh}:`);
    expect(restored.stdout).toContain("The data directory held no data before.");
    expectPrivateTree(fresh, { minFiles: filesBefore.length + 3 });

    const restoredFile = path.join(fresh, "portal.sqlite");
    const written = auditRowsUpTo(liveFile, before);
    expect(written.length).toBeGreaterThan(0);
    expect(auditRowsUpTo(restoredFile, before)).toEqual(written);
    const restoredFiles = new Set(listStoredFiles(path.join(fresh, "files")));
    expect(filesBefore.filter((file) => !restoredFiles.has(file))).toEqual([]);
    for (const secret of ["session-secret", "config-encryption-key"]) {
      expect(fs.readFileSync(path.join(fresh, "secrets", secret))).toEqual(fs.readFileSync(path.join(live, "secrets", secret)));
    }

    // The restored portal starts, is ready, and takes the session signed in on the live one.
    const second = await startServer({ DATA_DIR: fresh, SEED_SCALE: "200" });
    restarted.push(second);
    const secondBase = second.url.replace("127.0.0.1", "localhost");
    expect((await fetch(`${secondBase}/api/ready`)).status).toBe(200);
    const settings = await power.get(`${secondBase}/settings`);
    expect(settings.status).toBe(200);
    expect(await settings.text()).toContain("Time Zone");
    // Started again on the restored folder: still private, and nothing to warn about.
    expectPrivateTree(fresh, { minFiles: filesBefore.length + 3 });
    expect(second.logs.filter((line) => line.level === "warn" && /open to other accounts/.test(line.msg))).toEqual([]);
  });
});
