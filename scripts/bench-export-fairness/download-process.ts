/**
 * The export downloads of the fairness benchmark, in a process of their own: read as fast as they
 * come, they kept the benchmark's event loop so busy that its probes measured the client's own
 * delay (an /api/health p50 of 65-83 ms where curl, from another process at the same time, saw
 * 27-44 ms). Started by probes.ts with the downloads as JSON in argv; reports over IPC.
 */
import { rawDownload } from "../../tests/support/raw-download";

export interface DownloadsSpec {
  url: string;
  cookie: string;
  count: number;
  gzip: boolean;
}

export type DownloadsReport = { type: "first" } | { type: "ended" } | { type: "problem"; message: string } | { type: "totals"; bytes: number; ended: number };

export type DownloadsCommand = { type: "totals" } | { type: "abort" };

function main(): void {
  const spec = JSON.parse(process.argv[2] ?? "{}") as DownloadsSpec;
  const send = (message: DownloadsReport) => process.send?.(message);
  let ended = 0;
  let firstSent = false;
  const downloads = Array.from({ length: spec.count }, () =>
    rawDownload(spec.url, { cookie: spec.cookie, headers: { "Accept-Encoding": spec.gzip ? "gzip" : "identity" } }),
  );
  for (const download of downloads) {
    void download.response.then(
      (response) => {
        if (response.statusCode !== 200) {
          send({ type: "problem", message: `an export answered ${response.statusCode}: raise EXPORT_LIMIT_PER_USER / EXPORT_LIMIT_TOTAL for the benchmark` });
          return;
        }
        const encoding = response.headers["content-encoding"] ?? "identity";
        if (encoding !== (spec.gzip ? "gzip" : "identity")) send({ type: "problem", message: `an export came with Content-Encoding ${encoding}` });
      },
      (error: unknown) => send({ type: "problem", message: `an export failed: ${String(error)}` }),
    );
    void download.firstChunk.then(() => {
      if (firstSent) return;
      firstSent = true;
      send({ type: "first" });
    });
    void download.ended.then(() => {
      ended++;
      send({ type: "ended" });
    });
  }
  process.on("message", (message: DownloadsCommand) => {
    if (message.type === "totals") send({ type: "totals", bytes: downloads.reduce((sum, download) => sum + download.bytes(), 0), ended });
    else {
      for (const download of downloads) download.abort();
      process.disconnect();
    }
  });
}

main();
