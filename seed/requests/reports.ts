import type { Random } from "../random";
import type { SeedFiles } from "../seed-files";
import type { RowSink } from "../store/sink";
import type { Timeline } from "../timeline";
import { SharedFilePool } from "./file-pool";
import type { RequestPlan } from "./plan";
import { reportImage, reportPdf, sharedReportImage, sharedReportPdf } from "./report-files";
import type { ScanResultDetails } from "./scan-result";

/** Share of reports that are not ready (no file yet) and whose file has gone missing. */
const NOT_READY_SHARE = 0.01;
const MISSING_FILE_SHARE = 0.01;

/**
 * report_attachments rows of type 'Result' and their files. The newest requests get files of their own;
 * the others point into shared pools. A few rows have no file yet or a missing one, so the UI's
 * 'Unable to Preview/Download Report!!!' state can be seen.
 */
export class ReportWriter {
  private readonly pdfPool: SharedFilePool;
  private readonly imagePool: SharedFilePool;
  private nextId = 1;
  private showcaseNotReady = false;
  private showcaseMissing = false;

  constructor(
    private readonly sink: RowSink,
    private readonly files: SeedFiles,
    private readonly timeline: Timeline,
  ) {
    this.pdfPool = new SharedFilePool(files, (slot) => `reports/shared/result-${slot + 1}.pdf`, 40, sharedReportPdf);
    this.imagePool = new SharedFilePool(files, (slot) => `reports/shared/result-${slot + 1}.png`, 10, sharedReportImage);
  }

  /** written false (a lean seed's older requests): the same draws from the request's random stream, but no rows and no files. */
  write(random: Random, plan: RequestPlan, result: ScanResultDetails, cccOneRef: string, atMs: number, written = true): void {
    const withImage = plan.showcaseSlot !== null ? plan.showcaseSlot % 7 === 0 : random.chance(0.08);
    const source = random.chance(0.65) ? "PROVIDER" : "CCCONE";
    this.add(random, plan, "pdf", source, atMs, () => reportPdf(plan, result, cccOneRef), written);
    if (withImage || random.chance(0.04)) this.add(random, plan, "png", "PROVIDER", atMs + 1000, () => reportImage(plan, result), written);
  }

  private add(random: Random, plan: RequestPlan, fileType: "pdf" | "png", source: string, atMs: number, draw: () => Buffer, written: boolean): void {
    const fileName = `${fileType === "pdf" ? "ScanReport" : "ScanImage"}_${plan.id}.${fileType}`;
    let storageKey: string | null;
    let state: "ready" | "not-ready" | "missing" = "ready";
    if (plan.showcaseSlot !== null && !this.showcaseNotReady) {
      this.showcaseNotReady = true;
      state = "not-ready";
    } else if (plan.showcaseSlot !== null && !this.showcaseMissing) {
      this.showcaseMissing = true;
      state = "missing";
    } else if (random.chance(NOT_READY_SHARE)) state = "not-ready";
    else if (random.chance(MISSING_FILE_SHARE)) state = "missing";

    if (state === "not-ready") storageKey = null;
    else if (plan.ownFiles) {
      if (!written) return;
      const month = new Date(plan.createdMs).toISOString().slice(0, 7);
      storageKey = `reports/${month}/${fileName}`;
      if (state === "missing") this.files.remove(storageKey);
      else this.files.write(storageKey, draw());
    } else {
      const pool = fileType === "pdf" ? this.pdfPool : this.imagePool;
      storageKey = state === "missing" ? `reports/shared/missing-${plan.id}.${fileType}` : written ? pool.keyFor(random) : pool.keyOfDraw(random);
    }

    if (!written) return;
    this.sink.add("reportAttachments", {
      id: this.nextId++,
      scanRequestId: plan.id,
      type: "Result",
      source,
      fileName,
      fileType,
      storageKey,
      createdDateTime: this.timeline.iso(atMs),
    });
  }
}
