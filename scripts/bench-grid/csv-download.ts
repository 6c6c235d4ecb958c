import { CsvRecordCounter } from "./csv-records";
import { getOnce } from "./http";
import { processCpuMs, processMemory, resetPeakMemory } from "./process-usage";
import type { Browser } from "../../tests/support/http-browser";

export interface CsvRun {
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  /** The server's resident memory before, and its peak during, the download (MB). */
  rssBeforeMb: number;
  peakMb: number;
  /** Whether the peak is this download's own (VmHWM reset before it) or the process's since start. */
  peakIsOwn: boolean;
  /** The server's CPU seconds for the download (the machine's other work does not inflate them much). */
  serverCpuSeconds: number;
}

/** Downloads a CSV as a browser would (gzip accepted), timing it and watching the server's memory. */
export async function downloadCsv(browser: Browser, url: string, serverPid: number): Promise<CsvRun> {
  const peakIsOwn = resetPeakMemory(serverPid);
  const before = processMemory(serverPid);
  const started = performance.now();
  const cpuBefore = processCpuMs(serverPid);
  const response = await getOnce(browser, url);
  if (response.status !== 200 || !response.body) throw new Error(`${url} answered ${response.status}`);
  const counter = new CsvRecordCounter();
  let bytes = 0;
  const reader = response.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    counter.add(next.value);
    bytes += next.value.byteLength;
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = Math.max(0, counter.records - 1);
  const serverCpuSeconds = (processCpuMs(serverPid) - cpuBefore) / 1000;
  return {
    rows,
    bytes,
    seconds,
    rowsPerSecond: rows / seconds,
    rssBeforeMb: before.rssMb,
    peakMb: processMemory(serverPid).peakMb,
    peakIsOwn,
    serverCpuSeconds,
  };
}
