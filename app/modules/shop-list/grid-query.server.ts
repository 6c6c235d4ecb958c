import { sql, type Expression, type SqlBool } from "kysely";
import { getDb } from "~/db/db.server";
import { utcDayBounds } from "~/grid/dates";
import type { GridState } from "~/grid/definition";
import { offsetPageWithTotal } from "~/grid/page-query.server";
import { asNumber, dateWindow, filterConditions, type GridBindings, sortExpression } from "~/grid/sql-bindings.server";
import { DASHBOARD_TIME_ZONE } from "~/modules/dashboard/periods";
import { shopStatusSql } from "~/modules/dashboard/shop-figures.server";
import { STATUSES_OF_GROUP } from "~/modules/dashboard/status-groups";
import { notTestShop } from "~/modules/dashboard/test-shops.server";
import { nonSelectableProviderIds } from "~/modules/providers/provider-options.server";
import type { shopListGrid } from "./grid";
import { NO_PROVIDER_STATUS } from "./grid";
import { SCANNED_FILTER, scannedDays } from "./scanned-periods";

export interface ShopListQueryContext {
  /** From this instant a successful scan makes a registration Transacting (transactingSince). */
  since: string;
  /** The zone of the Created days (the grid's zone: a shared URL's `tz`, else the viewer's). */
  timeZone: string;
}

/**
 * The registration's shop had a successful scan with its provider in the days (America/Chicago,
 * as the dashboard's periods): the shops behind a Shop Activity bar, one row each, so a shop
 * registered again with the same provider is listed by its latest registration only.
 */
function successfulScanIn(days: { from: string; to: string }): Expression<SqlBool> {
  const { start, end } = utcDayBounds(days.from, days.to, DASHBOARD_TIME_ZONE);
  const successful = sql.join(STATUSES_OF_GROUP.successful.map((status) => sql.lit(status)));
  return sql<SqlBool>`exists (select 1 from scan_requests r where r.provider_id = g.provider_id and r.shop_id = g.shop_id
    and r.status in (${successful}) and r.created_date_time >= ${start} and r.created_date_time < ${end})
    and g.id = (select max(latest.id) from shop_registrations latest where latest.provider_id = g.provider_id and latest.shop_id = g.shop_id)`;
}

/**
 * The Shop List in SQL. Registrations are aliased `g`, as shopStatusSql expects; the address comes
 * from the shop record (left joined: a registration whose shop is unknown still counts on the card).
 */
export const SHOP_LIST_BINDINGS: GridBindings<typeof shopListGrid, ShopListQueryContext> = {
  provider: { sql: "g.providerId", filter: "exact", stored: asNumber },
  shopId: { sql: "g.shopId", filter: "exact", stored: asNumber },
  license: { sql: "g.licenseKey", filter: (values) => sql<SqlBool>`${sql.ref("g.licenseKey")} = ${values[0].padStart(6, "0")}` },
  shopName: { sql: "g.shopName", filter: "contains" },
  providerName: { sql: "p.providerName" },
  address: { sql: "s.addrLine1", filter: "contains" },
  city: { sql: "s.city", filter: "contains" },
  state: { sql: "s.stateCd", filter: "exact" },
  zip: { sql: "s.zip", filter: "prefix" },
  regisStatus: { sql: "g.lastModifiedDateTime" },
  createdDateTime: { sql: "g.createdDateTime" },
  status: { sql: "g.isActive", sortable: false, filter: (values, _column, { since }) => sql<SqlBool>`${shopStatusSql(since)} in (${sql.join(values)})` },
  [SCANNED_FILTER]: { sql: "g.shopId", sortable: false, filter: (values) => successfulScanIn(scannedDays(values[0])) },
  providerStatus: {
    sql: "g.providerStatus",
    filter: (values, column) =>
      values[0] === NO_PROVIDER_STATUS ? sql<SqlBool>`(${column} is null or ${column} = '')` : sql<SqlBool>`${column} = ${values[0]}`,
  },
};

/** Without a provider chosen, the registrations of every provider one can choose, as the dashboard counts them (decision 0064). */
function providerCondition(state: GridState): Expression<SqlBool>[] {
  return state.filters.provider?.length ? [] : [sql<SqlBool>`${sql.ref("g.providerId")} not in ${nonSelectableProviderIds()}`];
}

function matchingRegistrations(state: GridState, context: ShopListQueryContext) {
  return getDb()
    .selectFrom("shopRegistrations as g")
    .leftJoin("shops as s", "s.repairFacilityId", "g.shopId")
    .innerJoin("providers as p", "p.providerId", "g.providerId")
    .where(notTestShop("g.shopId"))
    .where((eb) =>
      eb.and([
        ...dateWindow("g.createdDateTime", state, context.timeZone),
        ...providerCondition(state),
        ...filterConditions(SHOP_LIST_BINDINGS, state.filters, context),
      ]),
    );
}

/** Every matching registration in grid order (the CSV export; the page reads a slice). */
export function selectShopListRows(state: GridState, context: ShopListQueryContext) {
  return matchingRegistrations(state, context)
    .select([
      "g.id",
      "g.shopId",
      "g.licenseKey",
      "g.shopName",
      "p.providerName",
      "s.addrLine1",
      "s.addrLine2",
      "s.city",
      "s.stateCd",
      "s.zip",
      "g.lastModifiedDateTime",
      "g.createdDateTime",
      "g.providerStatus",
      shopStatusSql(context.since).as("status"),
    ])
    .orderBy(sortExpression(SHOP_LIST_BINDINGS, state, "shopName"), state.dir)
    .orderBy("g.id", state.dir);
}

export type ShopListRow = Awaited<ReturnType<ReturnType<typeof selectShopListRows>["execute"]>>[number];

export function findShopListPage(state: GridState, context: ShopListQueryContext): Promise<{ rows: ShopListRow[]; total: number }> {
  return offsetPageWithTotal(selectShopListRows(state, context), matchingRegistrations(state, context), state);
}
