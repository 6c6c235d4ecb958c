import fs from "node:fs";

/** A process's memory from /proc/<pid>/status, in MB: resident now and the peak (VmHWM). */
export interface ProcessMemory {
  rssMb: number;
  peakMb: number;
}

function kilobytes(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  return match ? Number(match[1]) : Number.NaN;
}

export function processMemory(pid: number): ProcessMemory {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return { rssMb: kilobytes(status, "VmRSS") / 1024, peakMb: kilobytes(status, "VmHWM") / 1024 };
}

/**
 * Resets the process's peak (VmHWM) to its current size, so the next peak read belongs to what
 * runs after this. Needs the right to write /proc/<pid>/clear_refs (same user); false otherwise.
 */
export function resetPeakMemory(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** CPU time (user + system) the process has used so far, in ms (from /proc/<pid>/stat, in clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
