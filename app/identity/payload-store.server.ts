import type { Kysely } from "kysely";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Database, Row } from "~/db/types";
import type { Log } from "./options";
import { onceEvery } from "./periodic";

interface StoreContext {
  db: Kysely<Database>;
  now: () => Date;
  log: Log;
}

const PURGE_INTERVAL_MS = 60_000;

/**
 * oidc-provider's persistence in one table, `oidc_payloads`, keyed by (model, id). Expired rows
 * are invisible to reads and deleted at most once a minute per instance.
 */
export class PayloadStore {
  private readonly purgeDue: () => boolean;

  constructor(private readonly context: StoreContext) {
    this.purgeDue = onceEvery(PURGE_INTERVAL_MS, context.now);
  }

  adapterFor(model: string): Adapter {
    return new ModelAdapter(model, this.context, () => this.purgeExpiredIfDue());
  }

  /** Deletes a grant and everything issued under it (used at sign-out). */
  async revokeGrant(grantId: string): Promise<void> {
    await this.context.db
      .deleteFrom("oidcPayloads")
      .where((eb) => eb.or([eb("grantId", "=", grantId), eb.and([eb("model", "=", "Grant"), eb("id", "=", grantId)])]))
      .execute();
  }

  private async purgeExpiredIfDue(): Promise<void> {
    if (!this.purgeDue()) return;
    try {
      await this.context.db.deleteFrom("oidcPayloads").where("expiresAt", "<=", this.context.now().toISOString()).execute();
    } catch (error) {
      this.context.log("warn", "purging expired identity provider rows failed", { reason: (error as Error).message });
    }
  }
}

class ModelAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly context: StoreContext,
    private readonly afterWrite: () => Promise<void>,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const now = this.context.now().getTime();
    const row = {
      payload: JSON.stringify(payload),
      grantId: nonEmptyString(payload.grantId),
      userCode: nonEmptyString(payload.userCode),
      uid: nonEmptyString(payload.uid),
      expiresAt: expiresIn ? new Date(now + expiresIn * 1000).toISOString() : null,
      consumedAt: null,
    };
    await this.context.db
      .insertInto("oidcPayloads")
      .values({ model: this.model, id, ...row })
      .onConflict((oc) => oc.columns(["model", "id"]).doUpdateSet(row))
      .execute();
    await this.afterWrite();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findLive("id", id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findLive("uid", uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findLive("userCode", userCode);
  }

  async consume(id: string): Promise<void> {
    await this.context.db
      .updateTable("oidcPayloads")
      .set({ consumedAt: this.context.now().toISOString() })
      .where("model", "=", this.model)
      .where("id", "=", id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.context.db.deleteFrom("oidcPayloads").where("model", "=", this.model).where("id", "=", id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.context.db.deleteFrom("oidcPayloads").where("model", "=", this.model).where("grantId", "=", grantId).execute();
  }

  private async findLive(column: "id" | "uid" | "userCode", value: string): Promise<AdapterPayload | undefined> {
    const now = this.context.now().toISOString();
    const row = await this.context.db
      .selectFrom("oidcPayloads")
      .select(["payload", "consumedAt"])
      .where("model", "=", this.model)
      .where(column, "=", value)
      .where((eb) => eb.or([eb("expiresAt", "is", null), eb("expiresAt", ">", now)]))
      .limit(1)
      .executeTakeFirst();
    return row ? decode(row) : undefined;
  }
}

function decode(row: Pick<Row<"oidcPayloads">, "payload" | "consumedAt">): AdapterPayload {
  const payload = JSON.parse(row.payload) as AdapterPayload;
  if (row.consumedAt) payload.consumed = Math.floor(Date.parse(row.consumedAt) / 1000);
  return payload;
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === "string" && value ? value : null;
}
