/** The CCC ONE service's endpoints under its base URL, shared by the client and the sandbox. */
export const DIAGNOSTIC_REPORTS_PATH = "/diagnostic-reports";
export const INVOICES_PATH = "/invoices";
/** Names the scan request a message belongs to (invoice messages do not always carry it). */
export const SCAN_REQUEST_ID_HEADER = "X-Scan-Request-Id";
/**
 * The built-in sandbox's shared secret, sent by the portal's client only to the sandbox. A custom
 * header: an HTML form cannot send one, and a cross-site script would need a CORS preflight that
 * the sandbox never grants.
 */
export const SANDBOX_SECRET_HEADER = "X-CCCONE-Sandbox-Secret";
