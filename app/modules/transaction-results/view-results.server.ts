import { getDb } from "~/db/db.server";
import { findResultReport } from "./reports.server";
import { parseScanResultPayload } from "./result-payload";
import { parseScriptNumber } from "./special-function-info";
import { findSpecialFunctionInfo } from "./special-function-info.server";
import { hasSpecialFunction, offersResultReport, resultsBody, resultsTitle, type ViewResults } from "./view-results";

export { findScopedRequest, type ScopedRequest } from "./scoped-request.server";

export interface ViewResultsOptions {
  /** The ?sf= parameter: the special function whose info panel is rendered open. */
  openFunction?: string | null;
}

/**
 * The View Results tab of a request the caller has already found in the user's scope
 * (findScopedRequest); null when there is no such request.
 */
export async function loadViewResults(scanRequestId: number, options: ViewResultsOptions = {}): Promise<ViewResults | null> {
  const row = await getDb()
    .selectFrom("scanRequests as sr")
    .leftJoin("scanResponses as rs", "rs.scanRequestId", "sr.scanRequestId")
    .select(["sr.scanRequestId", "sr.scanType", "sr.status", "rs.scanResultDetails"])
    .where("sr.scanRequestId", "=", scanRequestId)
    .executeTakeFirst();
  if (!row) return null;
  const payload = row.scanResultDetails === null ? null : parseScanResultPayload(row.scanResultDetails);
  const body = resultsBody(row.scanType, payload);
  const report = payload && offersResultReport(row.status) ? await findResultReport(scanRequestId) : null;
  const scriptNumber = parseScriptNumber(options.openFunction);
  const openFunction =
    scriptNumber !== null && hasSpecialFunction(body, scriptNumber) ? { scriptNumber, info: await findSpecialFunctionInfo(scriptNumber) } : null;
  return {
    scanRequestId: row.scanRequestId,
    scanType: row.scanType,
    title: resultsTitle(row.scanType),
    body,
    resultReport: report ? { reportId: report.reportId, fileType: report.fileType } : null,
    openFunction,
  };
}
