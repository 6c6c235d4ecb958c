import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * The database schema as TypeScript sees it: camelCase here, snake_case in SQL (CamelCasePlugin).
 * Instants are ISO-8601 UTC strings, dates 'YYYY-MM-DD', flags 0/1, JSON columns strings that the
 * owning module parses, money and coordinates numbers.
 */
type Instant = string;
type DateOnly = string;
type Json = string;
export type Flag = 0 | 1;
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: string;
  login: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  ldapdn: string | null;
  /** JSON list of role names. */
  dloedrprole: WithDefault<Json>;
  status: WithDefault<string>;
  companyId: number | null;
  passwordHash: string | null;
  created: Instant;
  lastUpdated: Instant;
}

export interface SessionsTable {
  id: string;
  userId: string;
  createdAt: Instant;
  lastActivityAt: Instant;
  accessToken: string | null;
  accessTokenExpiresAt: Instant | null;
  refreshToken: string | null;
  idToken: string | null;
  claims: WithDefault<Json>;
  refreshingUntil: Instant | null;
}

export interface UserPreferencesTable {
  userId: string;
  prefKey: string;
  prefValue: Json;
  updatedAt: Instant;
}

export type ConfigValueType = "JSON" | "TEXT" | "ENCRYPT" | "BILLING_RULE" | "LIST_CODE_LABELS";

export interface ConfigurationsTable {
  configId: Generated<number>;
  configKey: string;
  configValueType: ConfigValueType;
  configValue: string | null;
  configGroup: string | null;
  configGroupValue: string | null;
  configDescription: string | null;
  productArea: string | null;
  isActive: WithDefault<Flag>;
  createdDateTime: Instant;
  createdBy: string | null;
  updatedDateTime: Instant;
  updatedBy: string | null;
  rowVersion: WithDefault<number>;
}

export interface ProvidersTable {
  providerId: number;
  providerName: string;
  providerType: string;
  providerCd: string;
  version: string;
  notes: string | null;
  isActive: WithDefault<Flag>;
  vehicleMakes: WithDefault<Json>;
  scanTypes: WithDefault<Json>;
  scanPerformTypes: WithDefault<Json>;
  nonBillableProcedures: WithDefault<Json>;
  productCodes: Json | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  phone: string | null;
  fax: string | null;
  vinBillingIntervalDays: number | null;
  registrationConfig: string | null;
  billingRuleId: string | null;
  billingRuleDesc: string | null;
  billingRuleParamValues: WithDefault<Json>;
  logoStorageKey: string | null;
  logoContentType: string | null;
  createdBy: string | null;
  updatedBy: string | null;
  createdDateTime: Instant;
  updatedDateTime: Instant;
  rowVersion: WithDefault<number>;
}

export interface ProviderRoutingsTable {
  routingId: Generated<number>;
  providerId: number;
  routingName: string;
  routingUrl: string;
  routingTimeout: number | null;
  requestTranslator: string | null;
  responseTranslator: string | null;
}

export interface ShopsTable {
  repairFacilityId: number;
  masterLocationId: string;
  licenseNum: string | null;
  printName: string | null;
  custName: string;
  primaryEmail: string | null;
  tlcmAreaCd: string | null;
  tlcmNum: string | null;
  webAddress: string | null;
  addrLine1: string | null;
  addrLine2: string | null;
  city: string | null;
  stateCd: string | null;
  state: string | null;
  zip: string | null;
  zipExtn: string | null;
  countryCd: string | null;
  latitude: number | null;
  longitude: number | null;
  isInternal: WithDefault<"Y" | "N">;
  tags: WithDefault<Json>;
  docVersion: WithDefault<number>;
  docTimestamp: Instant;
  createdUser: string | null;
  updatedUser: string | null;
  createdDatetime: Instant;
  updatedDatetime: Instant;
}

export type ProviderRegistrationStatus = "Success" | "Pending" | "Failed";

export interface ShopRegistrationsTable {
  id: Generated<number>;
  providerId: number;
  providerCustomerId: string | null;
  licenseKey: string | null;
  /** Null until the registration's shop is known (decision 0044). */
  shopId: number | null;
  shopName: string | null;
  address: string | null;
  city: string | null;
  stateCd: string | null;
  zipCode: string | null;
  createdDateTime: Instant;
  lastModifiedDateTime: Instant;
  isActive: WithDefault<Flag>;
  diagnosticsProducts: WithDefault<Json>;
  providerStatus: ProviderRegistrationStatus | null;
  rowVersion: WithDefault<number>;
}

export interface DeviceRegistrationsTable {
  registrationId: Generated<number>;
  providerId: number;
  shopId: number;
  serialNo: string;
  nickname: string | null;
  type: string | null;
  isActive: WithDefault<Flag>;
  createdDateTime: Instant;
  createdUserId: string | null;
  lastModifiedDateTime: Instant;
  modifiedUserId: string | null;
  rowVersion: WithDefault<number>;
}

export interface ScanRequestsTable {
  scanRequestId: Generated<number>;
  scanResponseId: number | null;
  masterId: number | null;
  providerId: number;
  providerScanStatus: string | null;
  shopId: number;
  shopName: string | null;
  licenseNo: string | null;
  repairOrderNo: string | null;
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  bodyStyle: string | null;
  engine: string | null;
  scanType: string;
  scanPhase: string | null;
  status: string;
  invoiceStatus: string | null;
  quoteId: number | null;
  serviceUid: string | null;
  providerScanType: string | null;
  providerServiceName: string | null;
  type: string;
  clientType: string | null;
  isBillable: WithDefault<Flag>;
  createdDateTime: Instant;
  lastModifiedDateTime: Instant;
}

/**
 * The KPI dashboard's summary of scan requests, kept by triggers (migration 0009, decision 0050).
 * A bucket is a piece of a UTC day cut at 05:00 and 06:00, named by its first instant.
 */
export interface ScanRequestFiguresTable {
  bucket: Instant;
  providerId: number;
  status: string;
  scanType: string;
  requests: number;
  durationMsSum: number;
  durationCount: number;
}

/** scan_request_figures of the test shops' requests alone (migration 0015, decision 0093). */
export interface ScanRequestTestShopFiguresTable {
  bucket: Instant;
  providerId: number;
  status: string;
  scanType: string;
  requests: number;
  durationMsSum: number;
  durationCount: number;
}

/** Successful requests per bucket, provider and shop (migration 0009). */
export interface ScanRequestShopDaysTable {
  bucket: Instant;
  providerId: number;
  shopId: number;
  successful: number;
}

export interface ScanRequestDetailsTable {
  scanRequestId: number;
  providerType: string | null;
  scanStartTimeStamp: Instant | null;
  scanEndTimeStamp: Instant | null;
  createdUserId: string | null;
  device: string | null;
  appId: string | null;
  scanResultReceivedTimestamp: Instant | null;
  /** Milliseconds. */
  responseWaitTime: number | null;
  providerStatus: string | null;
  ccconeResponse: string | null;
  ccconeResponseStatus: string | null;
  comments: string | null;
  retryCount: WithDefault<number>;
}

export interface ScanResponsesTable {
  scanResponseId: Generated<number>;
  scanRequestId: number;
  providerResponseId: string | null;
  cccLicenseNumber: string | null;
  serialNo: string | null;
  status: string;
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  providerId: number;
  shopId: number;
  scanType: string | null;
  scanPhase: string | null;
  invoiceStatus: string | null;
  createdDateTime: Instant;
  lastModifiedDateTime: Instant;
  diagnosticReportMessageRetryCount: WithDefault<number>;
  invoiceMessageRetryCount: WithDefault<number>;
  cccOneRef: string | null;
  /** JSON: year, make, model, vin, scanCompleteDateTime, modules, services, calibrationData, ... */
  scanResultDetails: Json;
  primaryImpactCd: WithDefault<Json>;
  secondaryImpactCd: WithDefault<Json>;
}

export interface SpecialFunctionInfoTable {
  scriptNumber: string;
  title: string;
  description: string | null;
  precondition: string | null;
  failureReasons: string | null;
}

export interface InvoicesTable {
  invoiceId: string;
  scanRequestId: number;
  createdDateTime: Instant;
  invoiceStatus: string;
  retryCount: WithDefault<number>;
  invoiceListPrice: number | null;
  invoiceNetPrice: number | null;
  invoiceTaxPrice: number | null;
  invoiceResponse: string | null;
}

export interface InvoiceLineItemsTable {
  id: Generated<number>;
  invoiceId: string;
  lineNo: number;
  serviceUid: string | null;
  type: string | null;
  description: string | null;
  listPrice: number | null;
  netPrice: number | null;
}

export interface QuotesTable {
  quoteId: Generated<number>;
  scanRequestId: number | null;
  providerId: number;
  shopId: number;
  licenseNumber: string | null;
  shopName: string | null;
  repairOrderNumber: string | null;
  workfileId: string | null;
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  repairPhase: string | null;
  status: string;
  serviceReceived: WithDefault<Flag>;
  providerRegistrationKey: string | null;
  insuranceCompanyNm: string | null;
  insuranceCompanyCd: string | null;
  documentId: string | null;
  createdDateTime: Instant;
  lastModifiedDateTime: Instant;
}

export interface QuoteServiceLinesTable {
  id: Generated<number>;
  quoteId: number;
  system: string | null;
  subsystem: string | null;
  location: string | null;
  capable: WithDefault<Flag>;
  type: string | null;
  category: string | null;
  serviceUid: string | null;
  cccProcedureId: string | null;
  cccProcedureDesc: string | null;
  retailPrice: number | null;
  shopCost: number | null;
}

export interface QuoteAttachmentsTable {
  id: Generated<number>;
  quoteId: number;
  type: string | null;
  fileType: string | null;
  fileName: string;
  storageKey: string | null;
  createdDateTime: Instant;
}

export interface TransactionDocumentsTable {
  id: Generated<number>;
  scanRequestId: number | null;
  quoteId: number | null;
  createdTimestamp: Instant;
  messageDirection: string;
  transactionType: string;
  messageType: string;
  s3ObjectUrl: string | null;
  contentType: string | null;
  messageContent: string | null;
  appId: string | null;
}

export interface ReportAttachmentsTable {
  id: Generated<number>;
  scanRequestId: number;
  type: string;
  source: string | null;
  fileName: string;
  fileType: string;
  /** Key in file storage; null while the report is not ready. */
  storageKey: string | null;
  createdDateTime: Instant;
}

export interface ErrorRecordsTable {
  errorId: Generated<number>;
  errorCode: string | null;
  errorType: "WARN" | "ERROR";
  errorCategory: string | null;
  providerId: number | null;
  shopId: number | null;
  createdDate: Instant;
  appId: string | null;
  transactionId: string | null;
  errorOrigin: "CLIENT" | "API" | "ExternalAPI" | "WEBSOCKET" | null;
  component: string | null;
  userId: string | null;
  host: string | null;
  severity: string | null;
  errorMsg: string | null;
  errorDetails: string | null;
}

export interface ErrorFilesTable {
  id: Generated<number>;
  errorId: number;
  fileName: string;
  contentType: string;
  storageKey: string;
}

export interface ApplicationsTable {
  id: string;
  userId: string | null;
  machineName: string | null;
  macAddresses: WithDefault<Json>;
  platform: string | null;
  createdDateTime: Instant;
  lastModifiedDateTime: Instant;
}

export interface ApplicationVersionsTable {
  id: Generated<number>;
  applicationId: string;
  version: string;
  createdByUser: string | null;
  createdDateTime: Instant;
}

export interface ApplicationThirdPartySoftwareTable {
  id: Generated<number>;
  applicationId: string;
  name: string;
  version: string | null;
  createdDateTime: Instant;
}

export interface EtlVariablesTable {
  varId: Generated<number>;
  varParentKey: string | null;
  varParentVal: string | null;
  varChildKey: string | null;
  varChildVal: string | null;
  etlJobName: string | null;
  etlBatchId: number | null;
  lastUpdateDate: Instant | null;
  lastUpdateUser: string | null;
  dateCreated: Instant;
  rowVersion: WithDefault<number>;
}

export interface AdoptionReportRowsTable {
  id: Generated<number>;
  rfId: number;
  providerId: number;
  providerCd: string | null;
  rfNm: string | null;
  msoNm: string | null;
  rfStCd: string | null;
  rfLicNum: number | null;
  rfZipCd: string | null;
  isWorkflowShop: "Y" | "N" | null;
  activationDt: DateOnly | null;
  firstScanDt: DateOnly | null;
  isShopActive: "Y" | "N";
  /** true (1), false (0) or unknown (null). */
  trend: Flag | null;
  etlUpdatedDatetime: Instant;
}

export interface AdoptionReportMonthsTable {
  rowId: number;
  monthDt: DateOnly;
  totalRoCnt: number;
  uniqueScanCntRoLinked: number;
  totalScanCntRoLinked: number;
  uniqueScanCnt: number;
  totalScanCnt: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Instant;
  actor: string;
  action: string;
  entity: string;
  entityId: string | null;
  beforeValue: Json | null;
  afterValue: Json | null;
  requestId: string | null;
  /** The hash chain (decision 0084): SHA-256 of the previous row's hash and this row's content. */
  hash: string | null;
  /** What the event was (migration 0013, decision 0086): a change made, a refused write, a failed sign-in. */
  outcome: Generated<AuditOutcome>;
}

/** An audit event's outcome (migration 0013's check). */
export type AuditOutcome = "done" | "refused" | "failed";

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  userPreferences: UserPreferencesTable;
  configurations: ConfigurationsTable;
  providers: ProvidersTable;
  providerRoutings: ProviderRoutingsTable;
  shops: ShopsTable;
  shopRegistrations: ShopRegistrationsTable;
  deviceRegistrations: DeviceRegistrationsTable;
  scanRequests: ScanRequestsTable;
  scanRequestDetails: ScanRequestDetailsTable;
  scanRequestFigures: ScanRequestFiguresTable;
  scanRequestShopDays: ScanRequestShopDaysTable;
  scanRequestTestShopFigures: ScanRequestTestShopFiguresTable;
  scanResponses: ScanResponsesTable;
  specialFunctionInfo: SpecialFunctionInfoTable;
  invoices: InvoicesTable;
  invoiceLineItems: InvoiceLineItemsTable;
  quotes: QuotesTable;
  quoteServiceLines: QuoteServiceLinesTable;
  quoteAttachments: QuoteAttachmentsTable;
  transactionDocuments: TransactionDocumentsTable;
  reportAttachments: ReportAttachmentsTable;
  errorRecords: ErrorRecordsTable;
  errorFiles: ErrorFilesTable;
  applications: ApplicationsTable;
  applicationVersions: ApplicationVersionsTable;
  applicationThirdPartySoftware: ApplicationThirdPartySoftwareTable;
  etlVariables: EtlVariablesTable;
  adoptionReportRows: AdoptionReportRowsTable;
  adoptionReportMonths: AdoptionReportMonthsTable;
  auditLog: AuditLogTable;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;

// --- Built-in identity provider (migration 0002-identity) ---------------------------------------
// Declared as a second `Database` interface, which TypeScript merges into the one above.

/** One stored oidc-provider model instance (session, interaction, grant, code, token...). */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: Json;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  /** null: never expires. */
  expiresAt: Instant | null;
  consumedAt: Instant | null;
}

/** Generated once and shared by every instance: signing keys (JWKS) and cookie keys. */
export interface IdentitySecretsTable {
  name: string;
  value: Json;
  createdAt: Instant;
}

/**
 * Failed sign-ins (decision 0016), per key: "pair:<address> <login>" (a login from one client
 * address) or "address:<address>".
 */
export interface SignInFailuresTable {
  key: string;
  failures: number;
  /** When the current run of failures began (an address's counting window opens here). */
  firstFailureAt: Instant;
  lastFailureAt: Instant;
  /** A pair may not try again before this instant; null: no wait. */
  retryAt: Instant | null;
}

export interface Database {
  oidcPayloads: OidcPayloadsTable;
  identitySecrets: IdentitySecretsTable;
  signInFailures: SignInFailuresTable;
}

// --- Forms that act once (migrations 0003-resend-requests, 0006-admin) ----------------------------

/** A submitted form that must act once (a bulk resend, a role assignment), claimed by its one-time token; result is null while it runs. */
export interface FormSubmissionsTable {
  token: string;
  /** Which kind of form: "resend", "roleAssignment". */
  purpose: WithDefault<string>;
  userId: string;
  createdAt: Instant;
  finishedAt: Instant | null;
  /** JSON: the outcome shown to the user (title, message, lines). */
  result: Json | null;
}

export interface Database {
  formSubmissions: FormSubmissionsTable;
}
