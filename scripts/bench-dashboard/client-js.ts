import { execFileSync } from "node:child_process";

/** The routes matched by /dashboard/kpi, root to leaf. */
export const KPI_ROUTE_IDS = ["root", "routes/_shell", "routes/_shell.dashboard", "routes/_shell.dashboard.kpi"];

/**
 * The KPI page's client JavaScript by the build manifest (scripts/client-js-size.mjs: the manifest,
 * the entry and each matched route's module and chunks, gzip level 9), in KiB.
 */
export function manifestClientJsKib(): number {
  const output = execFileSync(process.execPath, ["scripts/client-js-size.mjs", ...KPI_ROUTE_IDS], { encoding: "utf8" });
  const total = /([\d.]+) KiB\s+total gzip/.exec(output);
  if (!total) throw new Error(`client-js-size.mjs printed no total:\n${output}`);
  return Number(total[1]);
}
