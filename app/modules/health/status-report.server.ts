import { issuerMetadata } from "~/auth/oidc-discovery.server";
import { checkHealth } from "~/http/health.server";
import { formatInstant } from "~/lib/date-format";
import { log } from "~/lib/logger.server";

export type CheckState = "UP" | "DOWN";

export interface StatusReport {
  database: CheckState;
  identityProvider: CheckState;
  version: string;
  uptimeSeconds: number;
  checkedAt: string;
}

async function identityProviderState(): Promise<CheckState> {
  try {
    await issuerMetadata();
    return "UP";
  } catch (error) {
    log.warn("Health check: the identity provider's discovery failed", { error: (error as Error).message });
    return "DOWN";
  }
}

/** The health check page: the database, the identity provider's discovery, version and uptime. */
export async function statusReport(timeZone: string, now: Date = new Date()): Promise<StatusReport> {
  const [health, identityProvider] = await Promise.all([checkHealth(), identityProviderState()]);
  return {
    database: health.db === "ok" ? "UP" : "DOWN",
    identityProvider,
    version: health.version,
    uptimeSeconds: Math.floor(process.uptime()),
    checkedAt: formatInstant(now, timeZone, "detail"),
  };
}
