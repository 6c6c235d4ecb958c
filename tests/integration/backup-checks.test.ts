import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { create as createTar, extract as extractTar } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "~/db/connect.server";
import { migrateToLatest } from "~/db/migrate.server";
import { migrationsFor } from "~/db/migrations";
import { createBackup } from "~/platform/backup/create-backup.server";
import { restoreBackup } from "~/platform/backup/restore-backup.server";
import { expectPrivateTree, modesUnder } from "../support/private-tree";
import { runUntilExit } from "../support/server-process";

/**
 * What `npm run restore` refuses, and what it lets pass (issue 17): a file that is not a backup, a
 * damaged database, a schema newer than the code; a stale mark of a portal that is gone does not
 * block it, and a portal does not start while a restore runs.
 */
let root: string;
let source: string;
let backup: string;
const LATEST = Object.keys(migrationsFor("sqlite")).at(-1)!;
const NOW = new Date("2026-11-25T08:00:00Z");

function folder(name: string): string {
  const made = path.join(root, name);
  fs.mkdirSync(made, { recursive: true });
  return made;
}

function stillEmpty(dataDir: string): string[] {
  return fs.readdirSync(dataDir).filter((name) => name !== "run");
}

/** Unpacks a backup, lets `change` alter the unpacked folder, and packs it again. */
async function altered(name: string, change: (unpacked: string) => void): Promise<string> {
  const unpacked = folder(`${name}-unpacked`);
  await extractTar({ file: backup, cwd: unpacked });
  change(unpacked);
  const file = path.join(root, `${name}.tar.gz`);
  await createTar({ gzip: true, file, cwd: unpacked }, fs.readdirSync(unpacked));
  return file;
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "portal-backup-checks-"));
  source = folder("source");
  const database = await connectDatabase({ sqliteFile: path.join(source, "portal.sqlite") });
  await migrateToLatest(database);
  await database.close();
  fs.mkdirSync(path.join(source, "files", "logos"), { recursive: true });
  fs.writeFileSync(path.join(source, "files", "logos", "shop.png"), "not really a picture");
  backup = path.join(root, "good.tar.gz");
  await createBackup({ dataDir: source, file: backup, now: NOW });
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("npm run restore", () => {
  it("restores a good backup: the schema version and the stored files", async () => {
    const target = folder("good");
    const summary = await restoreBackup({ dataDir: target, file: backup, now: NOW });
    expect(summary.manifest).toMatchObject({ schemaVersion: LATEST, files: { count: 1, bytes: 20 }, secrets: [] });
    expect(summary.replacedTo).toBeNull();
    expect(fs.readFileSync(path.join(target, "files", "logos", "shop.png"), "utf8")).toBe("not really a picture");
  });

  it("restores files and folders private whatever modes the archive carries", async () => {
    const loose = await altered("loose-modes", (unpacked) => {
      for (const entry of modesUnder(unpacked)) fs.chmodSync(entry.path, entry.folder ? 0o755 : 0o644);
    });
    const target = folder("loose-target");
    await restoreBackup({ dataDir: target, file: loose, now: NOW });
    expect(fs.readFileSync(path.join(target, "files", "logos", "shop.png"), "utf8")).toBe("not really a picture");
    // The data folder is the operator's here (made by the test); what the restore put in it is private.
    for (const name of ["portal.sqlite", "files"]) expectPrivateTree(path.join(target, name), { minFiles: 1 });
  });

  it("refuses a file that is not a backup, and leaves the directory as it was", async () => {
    const target = folder("not-a-backup");
    const file = path.join(root, "notes.txt");
    fs.writeFileSync(file, "just some notes");
    await expect(restoreBackup({ dataDir: target, file, now: NOW })).rejects.toThrow(`${file} is not a portal backup: it cannot be read as a gzipped tar`);
    const withoutManifest = await altered("no-manifest", (unpacked) => fs.rmSync(path.join(unpacked, "backup.json")));
    await expect(restoreBackup({ dataDir: target, file: withoutManifest, now: NOW })).rejects.toThrow("is not a portal backup: it has no backup.json.");
    expect(stillEmpty(target)).toEqual([]);
  });

  it("refuses a damaged database", async () => {
    const damaged = await altered("damaged", (unpacked) => {
      const file = path.join(unpacked, "portal.sqlite");
      const bytes = fs.readFileSync(file);
      // Every page after the first two overwritten: the tables' b-trees are garbage.
      bytes.fill(0x5a, 8192);
      fs.writeFileSync(file, bytes);
    });
    const target = folder("damaged-target");
    await expect(restoreBackup({ dataDir: target, file: damaged, now: NOW })).rejects.toThrow(/^The backup's database is damaged: /);
    expect(stillEmpty(target)).toEqual([]);
  });

  it("refuses a schema newer than this code knows, naming both versions", async () => {
    const future = await altered("future", (unpacked) => {
      const database = new SQLite(path.join(unpacked, "portal.sqlite"));
      database.prepare("insert into kysely_migration (name, timestamp) values (?, ?)").run("9999-from-a-later-release", NOW.toISOString());
      database.close();
    });
    const target = folder("future-target");
    await expect(restoreBackup({ dataDir: target, file: future, now: NOW })).rejects.toThrow(
      `The backup's schema version (9999-from-a-later-release) is newer than this portal's (${LATEST}): restore it with the release that made it, or a newer one.`,
    );
    expect(stillEmpty(target)).toEqual([]);
  });

  it("moves the data it replaces aside, and is not stopped by the mark of a portal that is gone", async () => {
    const target = folder("replaced");
    fs.writeFileSync(path.join(target, "portal.sqlite"), "the old database");
    // A process that has ended: its mark is stale.
    const ended = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    fs.mkdirSync(path.join(target, "run"));
    fs.writeFileSync(
      path.join(target, "run", `portal-${ended.stdout}.json`),
      JSON.stringify({ pid: Number(ended.stdout), startTicks: 1, since: NOW.toISOString() }),
    );
    const summary = await restoreBackup({ dataDir: target, file: backup, now: NOW });
    expect(summary.replacedTo).toBe(path.join(target, ".replaced-2026-11-25T08-00-00-000Z"));
    expect(fs.readFileSync(path.join(summary.replacedTo!, "portal.sqlite"), "utf8")).toBe("the old database");
    expect(fs.existsSync(path.join(target, "files", "logos", "shop.png"))).toBe(true);
  });

  it("keeps a portal from starting on the directory while a restore runs", async () => {
    const target = folder("restoring");
    fs.mkdirSync(path.join(target, "run"));
    // This test's own process plays the restore.
    fs.writeFileSync(path.join(target, "run", "restore.json"), JSON.stringify({ pid: process.pid, startTicks: null, since: NOW.toISOString() }));
    const exit = await runUntilExit({ DATA_DIR: target });
    expect(exit.code).toBe(1);
    expect(exit.stderr).toBe(`Cannot start the portal: A restore is running on ${target} (process ${process.pid}); start the portal once it has finished.\n`);
    expect(fs.readdirSync(path.join(target, "run"))).toEqual(["restore.json"]);
  });
});
