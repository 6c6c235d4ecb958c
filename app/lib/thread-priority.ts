import fs from "node:fs";
import os from "node:os";

/** The lowest priority a thread can have (nice 19). */
const LOWEST = 19;

/**
 * Lowers the calling thread's scheduling priority, and only that thread's: on Linux
 * `/proc/thread-self` links to `<pid>/task/<tid>`, and setpriority on a thread id changes that
 * thread alone (checked with `ps -L -o tid,ni,comm -p <pid>` during an export: the export's
 * worker thread at 19, the request thread and the others at 0). Elsewhere (no /proc) nothing
 * changes. Returns whether the priority was lowered.
 */
export function lowerThisThreadsPriority(): boolean {
  try {
    const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    os.setPriority(tid, LOWEST);
    return true;
  } catch {
    return false;
  }
}
