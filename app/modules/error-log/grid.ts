import { DEFAULT_PAGE_SIZE, gridColumns, gridDefinition, gridFilters, PAGE_SIZES } from "~/grid/definition";
import { parseRecordId } from "~/lib/record-id";

/**
 * Feedbacks/Errors (dashboards spec §2.3, §3 Error record, §9): the error and feedback records of
 * a scan-date range (last 7 days by default), newest first, 20 rows; the expanded row's file
 * preview is the `file` parameter, so it works as a link without JavaScript.
 */
export const ERROR_LOG_PATH = "/admin/feedbackError";
export const FILE_PARAM = "file";

const columns = gridColumns([
  { id: "errorId", label: "Error Id", defaultVisible: true, sortable: true, width: "id", align: "end" },
  { id: "createdDate", label: "Created Date", defaultVisible: true, sortable: true, width: "dateTime", dateStyle: "table" },
  { id: "errorType", label: "Error Type", defaultVisible: true, sortable: true, width: "short" },
  { id: "errorCode", label: "Error Code", defaultVisible: true, sortable: true, width: "medium" },
  { id: "errorOrigin", label: "Error Origin", defaultVisible: true, sortable: true, width: "short" },
  { id: "providerId", label: "Provider Id", defaultVisible: true, sortable: true, width: "id", align: "end" },
  { id: "shopId", label: "Shop Id", defaultVisible: true, sortable: true, width: "id", align: "end" },
  { id: "component", label: "Component", defaultVisible: true, sortable: true, width: "medium" },
  { id: "errorMsg", label: "Message", defaultVisible: true, sortable: false, width: "wide" },
  { id: "errorCategory", label: "Error Category", defaultVisible: false, sortable: true, width: "medium" },
  { id: "appId", label: "App Id", defaultVisible: false, sortable: true, width: "medium" },
  { id: "transactionId", label: "Transaction Id", defaultVisible: false, sortable: true, width: "short" },
  { id: "userId", label: "User Id", defaultVisible: false, sortable: false, width: "medium" },
  { id: "host", label: "Host", defaultVisible: false, sortable: false, width: "medium" },
  { id: "severity", label: "Severity", defaultVisible: false, sortable: true, width: "short" },
]);

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
export const ERROR_TYPES = ["WARN", "ERROR"] as const;
export const ERROR_ORIGINS = ["CLIENT", "API", "ExternalAPI", "WEBSOCKET"] as const;

/** The provider filter: a bare visit fills it with the user's preferred provider, so the log's remembered query never holds it (decision 0065). */
export const PROVIDER_FILTER = "providerId";

const filters = gridFilters([
  { id: PROVIDER_FILTER, label: "Provider Id", kind: { type: "text", maxLength: 9, digits: true }, remembered: false },
  { id: "shopId", label: "Shop Id", kind: { type: "text", maxLength: 9, digits: true } },
  { id: "errorCode", label: "Error Code", kind: { type: "text", maxLength: 100 } },
  { id: "errorType", label: "Error Type", kind: { type: "select", options: options(ERROR_TYPES) } },
  { id: "errorCategory", label: "Error Category", kind: { type: "text", maxLength: 100 } },
  { id: "appId", label: "App Id", kind: { type: "text", maxLength: 100 } },
  { id: "transactionId", label: "Transaction Id", kind: { type: "text", maxLength: 40 } },
  { id: "errorOrigin", label: "Error Origin", kind: { type: "select", options: options(ERROR_ORIGINS) } },
  { id: "component", label: "Component", kind: { type: "text", maxLength: 100 } },
  { id: "errorId", label: "Error Id", kind: { type: "text", maxLength: 10, digits: true } },
]);

export const errorLogGrid = gridDefinition({
  id: "feedbackError",
  path: ERROR_LOG_PATH,
  title: "Feedbacks/Errors",
  columns,
  filters,
  defaultSort: { column: "createdDate", dir: "desc" },
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  dateRange: { label: "Scan Date", defaultDays: 7 },
  params: [{ id: FILE_PARAM, label: "File", parse: (raw) => (parseRecordId(raw) === null ? null : raw), withExpanded: true }],
});

/** The address of a record's file: inline to view, or as a download. */
export function errorFileHref(errorId: number, fileId: number, download = false): string {
  return `${ERROR_LOG_PATH}/${errorId}/files/${fileId}${download ? "?download=1" : ""}`;
}
