import { randomFor, type SeedContext } from "../context";
import { DAY_MS } from "../timeline";

const JOBS = [
  ["dip_scan_requests_daily", "scan_requests"],
  ["dip_scan_responses_daily", "scan_responses"],
  ["dip_invoices_daily", "invoices"],
  ["dip_shop_adoption_monthly", "adoption_report_rows"],
  ["dip_registrations_hourly", "shop_registrations"],
  ["dip_quotes_daily", "quotes"],
  ["dip_errors_hourly", "error_records"],
  ["dip_devices_daily", "device_registrations"],
] as const;

/** The Redshift load jobs' variables: five per job, forty in all. */
export function seedEtlVariables(context: SeedContext): void {
  const random = randomFor(context, "etl");
  const anchorMs = context.timeline.anchorDay.getTime();
  let varId = 1;
  JOBS.forEach(([job, sourceTable], index) => {
    const lastRun = anchorMs - random.int(1, 20) * 3_600_000;
    const batchId = Number(new Date(lastRun).toISOString().slice(0, 10).replace(/-/g, "")) * 100 + index;
    const variables: [string, string, string, string][] = [
      ["JOB", job, "LAST_EXTRACT_TS", new Date(lastRun - 3_600_000).toISOString()],
      ["JOB", job, "BATCH_SIZE", String(random.pick([5000, 10000, 25000, 50000]))],
      ["JOB", job, "ENABLED", index === 7 ? "N" : "Y"],
      ["SOURCE", sourceTable, "LOOKBACK_DAYS", String(random.pick([1, 2, 3, 7]))],
      ["TARGET", `dip_dw.${sourceTable}`, "TARGET_SCHEMA", "dip_dw"],
    ];
    for (const [parentKey, parentVal, childKey, childVal] of variables) {
      const created = context.timeline.startMs - random.int(100, 900) * DAY_MS;
      context.sink.add("etlVariables", {
        varId: varId++,
        varParentKey: parentKey,
        varParentVal: parentVal,
        varChildKey: childKey,
        varChildVal: childVal,
        etlJobName: job,
        etlBatchId: batchId,
        lastUpdateDate: context.timeline.iso(lastRun),
        lastUpdateUser: random.chance(0.8) ? "etl_service" : "admin",
        dateCreated: context.timeline.iso(created),
        rowVersion: 1,
      });
    }
  });
}
