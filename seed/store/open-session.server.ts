import type { PortalDatabase } from "~/db/connect.server";
import type { BulkSession } from "./bulk-session";
import { PostgresBulkSession } from "./postgres-session.server";
import { SqliteBulkSession } from "./sqlite-session.server";

export async function openBulkSession(database: PortalDatabase): Promise<BulkSession> {
  const native = database.native;
  return native.dialect === "postgres" ? PostgresBulkSession.open(native.pool) : new SqliteBulkSession(native.sqlite);
}
