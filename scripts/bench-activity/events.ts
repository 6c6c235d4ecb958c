import { sql } from "kysely";
import { chainHash, type ChainedContent } from "../../app/db/audit-chain";
import type { PortalDatabase } from "../../app/db/connect.server";
import type { AuditOutcome } from "../../app/db/types";
import { streamFor, type Random, type Weighted } from "../../seed/random";

/**
 * The Activity benchmark's events: a year of an operations team's audit log, appended in time
 * order and chained as recordAudit chains them (decision 0084), so `npm run audit:verify` passes
 * on it. About half are sign-ins (a tenth of them failed), the rest changes on the admin screens
 * and resends, a twentieth of those refused.
 */

/** What the events are of: the record kind, the action and how its values look. */
interface EventKind {
  entity: string;
  action: string;
  /** The record's id, from the kind's own numbers. */
  id: (random: Random) => string;
  change: (random: Random) => { before: unknown; after: unknown };
}

const STATUSES = ["Active", "Inactive"] as const;
const ROLES = ["DIP_PORTAL", "DIP_POWER", "DIP_PROVIDER", "DIP_ADMIN", "CCC_Admin"] as const;

const CHANGES: Weighted<EventKind> = [
  [
    {
      entity: "user",
      action: "changeRoles",
      id: (r) => r.uuid(),
      change: (r) => ({ before: { roles: r.sample(ROLES, 1) }, after: { roles: r.sample(ROLES, 2) } }),
    },
    20,
  ],
  [
    {
      entity: "provider",
      action: "updateProvider",
      id: (r) => String(r.int(1001, 1030)),
      change: (r) => ({ before: { billingRule: `R${r.int(1, 9)}` }, after: { billingRule: `R${r.int(1, 9)}` } }),
    },
    8,
  ],
  [
    {
      entity: "configuration",
      action: "updateConfiguration",
      id: (r) => String(r.int(1, 400)),
      change: (r) => ({ before: { value: r.digits(3) }, after: { value: r.digits(3) } }),
    },
    10,
  ],
  [
    {
      entity: "shopRegistration",
      action: "deregisterShopRegistration",
      id: (r) => String(r.int(100_000, 165_000)),
      change: () => ({ before: { status: "Registered" }, after: { status: "Deregistered" } }),
    },
    12,
  ],
  [
    {
      entity: "deviceRegistration",
      action: "deregisterDevice",
      id: (r) => String(r.int(1, 80_000)),
      change: () => ({ before: { status: STATUSES[0] }, after: { status: STATUSES[1] } }),
    },
    12,
  ],
  [
    {
      entity: "etlVariable",
      action: "updateEtlVariable",
      id: (r) => String(r.int(1, 200)),
      change: (r) => ({ before: { varValue: r.digits(4) }, after: { varValue: r.digits(4) } }),
    },
    6,
  ],
  [
    {
      entity: "scan_requests",
      action: "resend",
      id: (r) => String(r.int(1, 1_000_000)),
      change: (r) => ({ before: { retryCount: 0 }, after: { retryCount: r.int(1, 3) } }),
    },
    30,
  ],
  [{ entity: "shop", action: "loadShopDocument", id: (r) => String(r.int(100_000, 165_000)), change: () => ({ before: null, after: { loaded: true } }) }, 2],
];

/** Who acts: 300 staff logins and the demo accounts. */
const ACTORS = [...Array.from({ length: 300 }, (_, index) => `staff${String(index + 1).padStart(3, "0")}`), "admin", "power"];

export interface BenchEventOptions {
  count: number;
  /** The newest event's instant; the oldest is a year before it. */
  end: Date;
}

const YEAR_MS = 365 * 86_400_000;
const BATCH = 1_000;

function eventAt(index: number, options: BenchEventOptions): string {
  const start = options.end.getTime() - YEAR_MS;
  return new Date(start + Math.floor(((index + 1) / options.count) * YEAR_MS)).toISOString();
}

/** One event's content (as recordAudit writes it: JSON text for the values). */
export function benchEvent(random: Random, index: number, options: BenchEventOptions): ChainedContent & { outcome: AuditOutcome } {
  const actor = random.pick(ACTORS);
  const at = eventAt(index, options);
  if (random.chance(0.5)) {
    const failed = random.chance(0.1);
    const after = {
      message: failed ? "The login or the password was not accepted." : "Signed in.",
      via: "password",
      address: `10.0.${random.int(0, 255)}.${random.int(1, 254)}`,
    };
    return {
      at,
      actor,
      action: "signIn",
      entity: "user",
      entityId: failed ? null : random.uuid(),
      beforeValue: null,
      afterValue: JSON.stringify(after),
      requestId: null,
      outcome: failed ? "failed" : "done",
    };
  }
  const kind = random.weighted(CHANGES);
  const entityId = kind.id(random);
  if (random.chance(0.05)) {
    const after = { message: "This record was changed by someone else after you opened it." };
    return {
      at,
      actor,
      action: kind.action,
      entity: kind.entity,
      entityId,
      beforeValue: null,
      afterValue: JSON.stringify(after),
      requestId: null,
      outcome: "refused",
    };
  }
  const { before, after } = kind.change(random);
  const text = (value: unknown) => (value === null ? null : JSON.stringify(value));
  return {
    at,
    actor,
    action: kind.action,
    entity: kind.entity,
    entityId,
    beforeValue: text(before),
    afterValue: text(after),
    requestId: random.uuid(),
    outcome: "done",
  };
}

/**
 * Appends `count` chained events after the log's last one, in batches of 1,000 rows in one
 * transaction. Written straight into the table (recordAudit writes one event per transaction):
 * the rows and hashes are what recordAudit would have written.
 */
export async function appendBenchEvents(
  database: PortalDatabase,
  options: BenchEventOptions,
  progress: (written: number) => void = () => undefined,
): Promise<void> {
  const random = streamFor("portal-bench-activity-v1");
  await database.db.transaction().execute(async (trx) => {
    const last = await trx.selectFrom("auditLog").select("hash").orderBy("id", "desc").limit(1).executeTakeFirst();
    let previous = last?.hash ?? null;
    for (let start = 0; start < options.count; start += BATCH) {
      const rows = [];
      for (let index = start; index < Math.min(options.count, start + BATCH); index++) {
        const content = benchEvent(random, index, options);
        previous = chainHash(previous, content);
        rows.push({ ...content, hash: previous });
      }
      await trx.insertInto("auditLog").values(rows).execute();
      if ((start / BATCH) % 100 === 99) progress(start + BATCH);
    }
  });
  // A log that grows by a million events at once has no planner statistics of them yet (the seed
  // analyzes its tables too): without them PostgreSQL read a whole year through a bitmap scan for
  // a rare action (250 ms) instead of the (at, id) index backwards (0.4 ms).
  await sql`analyze audit_log`.execute(database.db);
}
