import { CamelCasePlugin, type Insertable } from "kysely";
import type { Database } from "~/db/types";

/**
 * The tables the seed fills, and their columns in the order the bulk writers send them. The seed
 * writes every column explicitly (ids included), so a row is `Insertable` with nothing optional.
 * Tables that hold the running system's own state (sessions, preferences, audit, identity
 * provider) are not seeded and not looked at.
 */
export type SeedTable =
  | "users"
  | "configurations"
  | "providers"
  | "providerRoutings"
  | "shops"
  | "shopRegistrations"
  | "deviceRegistrations"
  | "scanRequests"
  | "scanRequestDetails"
  | "scanResponses"
  | "specialFunctionInfo"
  | "invoices"
  | "invoiceLineItems"
  | "quotes"
  | "quoteServiceLines"
  | "quoteAttachments"
  | "transactionDocuments"
  | "reportAttachments"
  | "errorRecords"
  | "errorFiles"
  | "applications"
  | "applicationVersions"
  | "applicationThirdPartySoftware"
  | "etlVariables"
  | "adoptionReportRows"
  | "adoptionReportMonths";
export type SeedRow<T extends SeedTable> = Required<Insertable<Database[T]>>;
export type SeedValue = string | number | null;

const COLUMNS = {
  users: ["id", "login", "firstName", "lastName", "email", "ldapdn", "dloedrprole", "status", "companyId", "passwordHash", "created", "lastUpdated"],
  configurations: [
    "configId",
    "configKey",
    "configValueType",
    "configValue",
    "configGroup",
    "configGroupValue",
    "configDescription",
    "productArea",
    "isActive",
    "createdDateTime",
    "createdBy",
    "updatedDateTime",
    "updatedBy",
    "rowVersion",
  ],
  providers: [
    "providerId",
    "providerName",
    "providerType",
    "providerCd",
    "version",
    "notes",
    "isActive",
    "vehicleMakes",
    "scanTypes",
    "scanPerformTypes",
    "nonBillableProcedures",
    "productCodes",
    "address",
    "city",
    "state",
    "zip",
    "country",
    "phone",
    "fax",
    "vinBillingIntervalDays",
    "registrationConfig",
    "billingRuleId",
    "billingRuleDesc",
    "billingRuleParamValues",
    "logoStorageKey",
    "logoContentType",
    "createdBy",
    "updatedBy",
    "createdDateTime",
    "updatedDateTime",
    "rowVersion",
  ],
  providerRoutings: ["routingId", "providerId", "routingName", "routingUrl", "routingTimeout", "requestTranslator", "responseTranslator"],
  shops: [
    "repairFacilityId",
    "masterLocationId",
    "licenseNum",
    "printName",
    "custName",
    "primaryEmail",
    "tlcmAreaCd",
    "tlcmNum",
    "webAddress",
    "addrLine1",
    "addrLine2",
    "city",
    "stateCd",
    "state",
    "zip",
    "zipExtn",
    "countryCd",
    "latitude",
    "longitude",
    "isInternal",
    "tags",
    "docVersion",
    "docTimestamp",
    "createdUser",
    "updatedUser",
    "createdDatetime",
    "updatedDatetime",
  ],
  shopRegistrations: [
    "id",
    "providerId",
    "providerCustomerId",
    "licenseKey",
    "shopId",
    "shopName",
    "address",
    "city",
    "stateCd",
    "zipCode",
    "createdDateTime",
    "lastModifiedDateTime",
    "isActive",
    "diagnosticsProducts",
    "providerStatus",
    "rowVersion",
  ],
  deviceRegistrations: [
    "registrationId",
    "providerId",
    "shopId",
    "serialNo",
    "nickname",
    "type",
    "isActive",
    "createdDateTime",
    "createdUserId",
    "lastModifiedDateTime",
    "modifiedUserId",
    "rowVersion",
  ],
  scanRequests: [
    "scanRequestId",
    "scanResponseId",
    "masterId",
    "providerId",
    "providerScanStatus",
    "shopId",
    "shopName",
    "licenseNo",
    "repairOrderNo",
    "vin",
    "year",
    "make",
    "model",
    "bodyStyle",
    "engine",
    "scanType",
    "scanPhase",
    "status",
    "invoiceStatus",
    "quoteId",
    "serviceUid",
    "providerScanType",
    "providerServiceName",
    "type",
    "clientType",
    "isBillable",
    "createdDateTime",
    "lastModifiedDateTime",
  ],
  scanRequestDetails: [
    "scanRequestId",
    "providerType",
    "scanStartTimeStamp",
    "scanEndTimeStamp",
    "createdUserId",
    "device",
    "appId",
    "scanResultReceivedTimestamp",
    "responseWaitTime",
    "providerStatus",
    "ccconeResponse",
    "ccconeResponseStatus",
    "comments",
    "retryCount",
  ],
  scanResponses: [
    "scanResponseId",
    "scanRequestId",
    "providerResponseId",
    "cccLicenseNumber",
    "serialNo",
    "status",
    "vin",
    "year",
    "make",
    "model",
    "providerId",
    "shopId",
    "scanType",
    "scanPhase",
    "invoiceStatus",
    "createdDateTime",
    "lastModifiedDateTime",
    "diagnosticReportMessageRetryCount",
    "invoiceMessageRetryCount",
    "cccOneRef",
    "scanResultDetails",
    "primaryImpactCd",
    "secondaryImpactCd",
  ],
  specialFunctionInfo: ["scriptNumber", "title", "description", "precondition", "failureReasons"],
  invoices: [
    "invoiceId",
    "scanRequestId",
    "createdDateTime",
    "invoiceStatus",
    "retryCount",
    "invoiceListPrice",
    "invoiceNetPrice",
    "invoiceTaxPrice",
    "invoiceResponse",
  ],
  invoiceLineItems: ["id", "invoiceId", "lineNo", "serviceUid", "type", "description", "listPrice", "netPrice"],
  quotes: [
    "quoteId",
    "scanRequestId",
    "providerId",
    "shopId",
    "licenseNumber",
    "shopName",
    "repairOrderNumber",
    "workfileId",
    "vin",
    "year",
    "make",
    "model",
    "repairPhase",
    "status",
    "serviceReceived",
    "providerRegistrationKey",
    "insuranceCompanyNm",
    "insuranceCompanyCd",
    "documentId",
    "createdDateTime",
    "lastModifiedDateTime",
  ],
  quoteServiceLines: [
    "id",
    "quoteId",
    "system",
    "subsystem",
    "location",
    "capable",
    "type",
    "category",
    "serviceUid",
    "cccProcedureId",
    "cccProcedureDesc",
    "retailPrice",
    "shopCost",
  ],
  quoteAttachments: ["id", "quoteId", "type", "fileType", "fileName", "storageKey", "createdDateTime"],
  transactionDocuments: [
    "id",
    "scanRequestId",
    "quoteId",
    "createdTimestamp",
    "messageDirection",
    "transactionType",
    "messageType",
    "s3ObjectUrl",
    "contentType",
    "messageContent",
    "appId",
  ],
  reportAttachments: ["id", "scanRequestId", "type", "source", "fileName", "fileType", "storageKey", "createdDateTime"],
  errorRecords: [
    "errorId",
    "errorCode",
    "errorType",
    "errorCategory",
    "providerId",
    "shopId",
    "createdDate",
    "appId",
    "transactionId",
    "errorOrigin",
    "component",
    "userId",
    "host",
    "severity",
    "errorMsg",
    "errorDetails",
  ],
  errorFiles: ["id", "errorId", "fileName", "contentType", "storageKey"],
  applications: ["id", "userId", "machineName", "macAddresses", "platform", "createdDateTime", "lastModifiedDateTime"],
  applicationVersions: ["id", "applicationId", "version", "createdByUser", "createdDateTime"],
  applicationThirdPartySoftware: ["id", "applicationId", "name", "version", "createdDateTime"],
  etlVariables: [
    "varId",
    "varParentKey",
    "varParentVal",
    "varChildKey",
    "varChildVal",
    "etlJobName",
    "etlBatchId",
    "lastUpdateDate",
    "lastUpdateUser",
    "dateCreated",
    "rowVersion",
  ],
  adoptionReportRows: [
    "id",
    "rfId",
    "providerId",
    "providerCd",
    "rfNm",
    "msoNm",
    "rfStCd",
    "rfLicNum",
    "rfZipCd",
    "isWorkflowShop",
    "activationDt",
    "firstScanDt",
    "isShopActive",
    "trend",
    "etlUpdatedDatetime",
  ],
  adoptionReportMonths: ["rowId", "monthDt", "totalRoCnt", "uniqueScanCntRoLinked", "totalScanCntRoLinked", "uniqueScanCnt", "totalScanCnt"],
} as const satisfies { [T in SeedTable]: readonly (keyof SeedRow<T>)[] };

type ListedColumns<T extends SeedTable> = (typeof COLUMNS)[T][number];
type MissingColumns = { [T in SeedTable]: Exclude<keyof SeedRow<T>, ListedColumns<T>> }[SeedTable];
/** Fails to compile, naming the column, when a table gains a column that is not listed above. */
const everyColumnIsListed: [MissingColumns] extends [never] ? true : MissingColumns = true;
void everyColumnIsListed;

export const SEED_TABLE_COLUMNS: { readonly [T in SeedTable]: readonly (keyof SeedRow<T>)[] } = COLUMNS;

/** In the order they are loaded: parents before children. */
export const SEED_TABLES = Object.keys(COLUMNS) as SeedTable[];

class SnakeCase extends CamelCasePlugin {
  name(identifier: string): string {
    return this.snakeCase(identifier);
  }
}
const snakeCase = new SnakeCase();

/** The SQL name of a table or column, as the app's CamelCasePlugin maps it. */
export function sqlName(identifier: string): string {
  return snakeCase.name(identifier);
}

/** Column values of a row in SEED_TABLE_COLUMNS order. */
export function rowValues<T extends SeedTable>(table: T, row: SeedRow<T>): SeedValue[] {
  const columns = SEED_TABLE_COLUMNS[table];
  const values = new Array<SeedValue>(columns.length);
  for (let i = 0; i < columns.length; i++) values[i] = row[columns[i]] as SeedValue;
  return values;
}

const sqlColumnNames = new Map<SeedTable, readonly string[]>();

/** The table's columns as SQL names, in SEED_TABLE_COLUMNS order. */
export function sqlColumns(table: SeedTable): readonly string[] {
  let names = sqlColumnNames.get(table);
  if (!names) {
    names = SEED_TABLE_COLUMNS[table].map((column) => sqlName(String(column)));
    sqlColumnNames.set(table, names);
  }
  return names;
}
