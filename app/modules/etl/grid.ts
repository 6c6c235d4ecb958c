import { WRITE_PERMISSIONS } from "~/auth/authorization";
import { DEFAULT_PAGE_SIZE, gridDefinition, PAGE_SIZES } from "~/grid/definition";
import { ETL_INTENTS } from "./etl-form";

/**
 * The Redshift ETL Dashboard (dashboards spec §2.7, §3 ETL variable, §5): every ETL variable,
 * newest first, 20 rows; dates as DD-MMM-YY hh:mm A. Var Id and Batch Id match exactly as
 * integers, the text fields contain the text ignoring case (decision 0040).
 */
export const ETL_PATH = "/admin/redshiftETLDashboard";
/** Add New Etl Variable without JavaScript (the dialog posts to the same action). */
export const NEW_ETL_PATH = `${ETL_PATH}/new`;
export const ETL_PAGE = "redshiftETLDashboard";

/**
 * Writing ETL variables needs this permission besides the page. The spec names none, so an
 * unlisted one (the demo data) leaves writes to everyone who has the page; listing it in
 * REQUIRED_ROLES_FOR_PAGES makes the others read-only (decision 0040, as 0038 for Configurations).
 */
export const ETL_WRITE_PERMISSION = WRITE_PERMISSIONS.changeEtlVariable;

/** Batch Id filter: digits, at most 10 (an integer column; a larger number matches nothing). */
const BATCH_ID_DIGITS = 10;

export const etlGrid = gridDefinition({
  id: "etlVariables",
  path: ETL_PATH,
  title: "Redshift ETL Dashboard",
  auditEntity: "etlVariable",
  columns: [
    { id: "varId", label: "Var Id", defaultVisible: true, sortable: true, width: "id", align: "end" },
    { id: "varParentKey", label: "Parent Key", defaultVisible: true, sortable: true, width: "short" },
    { id: "varParentVal", label: "Parent Value", defaultVisible: true, sortable: true, width: "wide" },
    { id: "varChildKey", label: "Child Key", defaultVisible: true, sortable: true, width: "medium" },
    { id: "varChildVal", label: "Child Value", defaultVisible: true, sortable: true, width: "medium" },
    { id: "etlJobName", label: "Job Name", defaultVisible: true, sortable: true, width: "wide" },
    { id: "etlBatchId", label: "Batch Id", defaultVisible: true, sortable: true, width: "id", align: "end" },
    { id: "lastUpdateDate", label: "Last Update Date", defaultVisible: true, sortable: true, width: "dateTime", dateStyle: "table" },
    { id: "lastUpdateUser", label: "Last Update User", defaultVisible: false, sortable: true, width: "short" },
    { id: "dateCreated", label: "Date Created", defaultVisible: false, sortable: true, width: "dateTime", dateStyle: "table" },
  ],
  filters: [
    { id: "varId", label: "Var Id", kind: { type: "text", maxLength: 9, digits: true } },
    { id: "varParentKey", label: "Parent Key", kind: { type: "text", maxLength: 200 } },
    { id: "varParentVal", label: "Parent Value", kind: { type: "text", maxLength: 200 } },
    { id: "varChildKey", label: "Child Key", kind: { type: "text", maxLength: 200 } },
    { id: "varChildVal", label: "Child Value", kind: { type: "text", maxLength: 200 } },
    { id: "etlJobName", label: "Job Name", kind: { type: "text", maxLength: 200 } },
    { id: "etlBatchId", label: "Batch Id", kind: { type: "text", maxLength: BATCH_ID_DIGITS, digits: true } },
    { id: "lastUpdateUser", label: "Last Update User", kind: { type: "text", maxLength: 200 } },
  ],
  defaultSort: { column: "varId", dir: "desc" },
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  actions: [
    { intent: ETL_INTENTS.save, label: "Save", placement: "detail" },
    { intent: ETL_INTENTS.delete, label: "Delete Etl Variable", placement: "selection", confirm: "Delete these ETL variables?" },
  ],
});
