import fs from "node:fs";
import path from "node:path";
import { ensurePrivateDir, writePrivateFile } from "~/lib/private-files.server";

/**
 * Which processes use a data directory: each portal writes DATA_DIR/run/portal-<pid>.json while it
 * runs, and a restore writes DATA_DIR/run/restore.json while it replaces the data. A file is only
 * believed while its process lives: a pid alone can be reused after a crash or a container
 * restart, so the file also holds the process's start time (Linux's /proc), and a file whose
 * process is gone or started at another time is stale and ignored.
 */
export interface ProcessMark {
  pid: number;
  /** The process's start time in clock ticks since boot, where /proc tells it. */
  startTicks: number | null;
  since: string;
}

const RESTORE_MARK = "restore.json";

function runDirectory(dataDir: string): string {
  return path.join(dataDir, "run");
}

function startTicksOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces; the fields after it are plain.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

function isAlive(mark: ProcessMark): boolean {
  try {
    process.kill(mark.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  if (mark.startTicks === null) return true;
  const ticks = startTicksOf(mark.pid);
  return ticks === null || ticks === mark.startTicks;
}

function ownMark(now: Date): ProcessMark {
  return { pid: process.pid, startTicks: startTicksOf(process.pid), since: now.toISOString() };
}

function readMark(file: string): ProcessMark | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<ProcessMark>;
    if (typeof parsed.pid !== "number" || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null;
    return { pid: parsed.pid, startTicks: typeof parsed.startTicks === "number" ? parsed.startTicks : null, since: String(parsed.since ?? "") };
  } catch {
    return null;
  }
}

/** The portals that use the data directory now (their marks' processes live). */
export function livePortals(dataDir: string): ProcessMark[] {
  let names: string[];
  try {
    names = fs.readdirSync(runDirectory(dataDir));
  } catch {
    return [];
  }
  return names
    .filter((name) => /^portal-\d+\.json$/.test(name))
    .map((name) => readMark(path.join(runDirectory(dataDir), name)))
    .filter((mark): mark is ProcessMark => mark !== null && mark.pid !== process.pid && isAlive(mark));
}

/** The restore running on the data directory, if one is. */
export function liveRestore(dataDir: string): ProcessMark | null {
  const mark = readMark(path.join(runDirectory(dataDir), RESTORE_MARK));
  return mark && mark.pid !== process.pid && isAlive(mark) ? mark : null;
}

/** Marks this process as a portal using the data directory until it exits. */
export function markRunningPortal(dataDir: string, now: Date): { release(): void } {
  const file = path.join(runDirectory(dataDir), `portal-${process.pid}.json`);
  ensurePrivateDir(runDirectory(dataDir));
  writePrivateFile(file, JSON.stringify(ownMark(now)));
  const release = () => fs.rmSync(file, { force: true });
  process.once("exit", release);
  return { release };
}

export class DataDirectoryBusyError extends Error {}

/**
 * Marks this process as the restore of the data directory, refusing while a portal or another
 * restore uses it. A portal that starts while the mark stands refuses to start.
 */
export function markRestore(dataDir: string, now: Date): { release(): void } {
  const portals = livePortals(dataDir);
  if (portals.length > 0) {
    throw new DataDirectoryBusyError(`A portal is running on ${dataDir} (process ${portals.map((mark) => mark.pid).join(", ")}). Stop it before restoring.`);
  }
  const other = liveRestore(dataDir);
  if (other) throw new DataDirectoryBusyError(`Another restore is running on ${dataDir} (process ${other.pid}).`);
  const file = path.join(runDirectory(dataDir), RESTORE_MARK);
  ensurePrivateDir(runDirectory(dataDir));
  writePrivateFile(file, JSON.stringify(ownMark(now)));
  // A portal that marked itself between the check and the mark: give way to it.
  const raced = livePortals(dataDir);
  if (raced.length > 0) {
    fs.rmSync(file, { force: true });
    throw new DataDirectoryBusyError(`A portal started on ${dataDir} (process ${raced[0]!.pid}). Stop it before restoring.`);
  }
  return { release: () => fs.rmSync(file, { force: true }) };
}
