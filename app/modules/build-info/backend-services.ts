/**
 * The backend services whose build the build-info screen shows (platform spec §2). In this
 * product they are modules of the one portal process, so each reports the portal's build.
 */
export const BACKEND_SERVICES = [
  "configuration",
  "application-user",
  "error",
  "provider",
  "queue-utility",
  "registration",
  "scan-requests-v1",
  "scan-requests-v2",
  "scan-response",
  "datawarehouse",
  "message",
] as const;

export const PORTAL_ARTIFACT = "diagnostics-operations-portal";
