import { issuerMetadata } from "~/auth/oidc-discovery.server";
import { getDatabase } from "~/db/db.server";
import { pendingMigrations } from "~/db/migrate.server";
import { checkHealth } from "~/http/health.server";
import { log } from "~/lib/logger.server";
import { isStopping } from "~/lib/stopping.server";

export interface Readiness {
  status: "ready" | "not ready";
  /** The process was told to stop: it finishes its work, and takes no new work from a load balancer. */
  stopping: boolean;
  db: "ok" | "down";
  /** Every migration this code knows has run ("unknown" when the database does not answer). */
  migrations: "done" | "pending" | "unknown";
  /** The identity provider's discovery answered (once per process; sign-in needs it). */
  identityProvider: "ok" | "down";
  version: string;
}

async function migrationsState(): Promise<Readiness["migrations"]> {
  try {
    return (await pendingMigrations(getDatabase())).length === 0 ? "done" : "pending";
  } catch (error) {
    log.warn("Readiness: the migrations could not be read", { error: (error as Error).message });
    return "unknown";
  }
}

async function identityProviderState(): Promise<Readiness["identityProvider"]> {
  try {
    await issuerMetadata();
    return "ok";
  } catch (error) {
    log.warn("Readiness: the identity provider's discovery failed", { error: (error as Error).message });
    return "down";
  }
}

/**
 * Whether this instance can take traffic (decision 0054): not stopping, its database answering and
 * up to date, and its identity provider reachable. Liveness stays /api/health.
 */
export async function checkReadiness(): Promise<Readiness> {
  const stopping = isStopping();
  const health = await checkHealth();
  const [migrations, identityProvider] = await Promise.all([
    health.db === "ok" ? migrationsState() : Promise.resolve("unknown" as const),
    identityProviderState(),
  ]);
  const ready = !stopping && health.db === "ok" && migrations === "done" && identityProvider === "ok";
  return { status: ready ? "ready" : "not ready", stopping, db: health.db, migrations, identityProvider, version: health.version };
}
