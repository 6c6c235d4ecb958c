import { CsvRecordCounter } from "./csv-records";
import { download } from "./http";
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
  /** The Content-Encoding the server chose ("identity" for none). */
  encoding: string;
}

/** Downloads a CSV as a browser would (its encodings accepted), timing it and watching the server's memory. */
export async function downloadCsv(browser: Browser, url: string, serverPid: number): Promise<CsvRun> {
  const peakIsOwn = resetPeakMemory(serverPid);
  const before = processMemory(serverPid);
  const started = performance.now();
  const cpuBefore = processCpuMs(serverPid);
  const counter = new CsvRecordCounter();
  let bytes = 0;
  const response = await download(browser, url, (piece) => {
    counter.add(piece);
    bytes += piece.byteLength;
  });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
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
    encoding: response.encoding ?? "identity",
  };
}
