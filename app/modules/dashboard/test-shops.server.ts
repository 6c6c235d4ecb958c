import { sql, type SqlBool } from "kysely";
import { getDb } from "~/db/db.server";

/**
 * Test shops (is_internal = 'Y') are left out of every figure (spec §9), the way the transactions
 * grid's Is Test = No leaves them out, so a card's number and its grid's total agree.
 */
function testShops() {
  return getDb().selectFrom("shops").select("shops.repairFacilityId").where("shops.isInternal", "=", "Y");
}

export function notTestShop(shopIdColumn: string) {
  return sql<SqlBool>`${sql.ref(shopIdColumn)} not in ${testShops()}`;
}
