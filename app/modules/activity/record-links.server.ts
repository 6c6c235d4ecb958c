import { providerScopeOf } from "~/auth/provider-scope.server";
import { pagesAllowed } from "~/auth/require-page.server";
import type { SignedIn } from "~/auth/user-session.server";
import { getDb } from "~/db/db.server";
import { rowByKey } from "~/db/keyed-table.server";
import { parseRecordId } from "~/lib/record-id";
import { CONFIGURATION_TABLE } from "~/modules/configurations/configuration-record.server";
import { CONFIGURATION_PATH } from "~/modules/configurations/grid";
import { DEVICES_PAGE, DEVICES_PATH } from "~/modules/devices/grid";
import { existingDeviceIds } from "~/modules/devices/grid-query.server";
import { ERROR_LOG_PATH } from "~/modules/error-log/grid";
import { ETL_TABLE } from "~/modules/etl/etl-record.server";
import { ETL_PAGE, ETL_PATH } from "~/modules/etl/grid";
import { PROVIDERS_PATH } from "~/modules/providers/grid";
import { listedProviderIds } from "~/modules/providers/grid-query.server";
import { SHOP_REGISTRATIONS_PAGE, SHOP_REGISTRATIONS_PATH } from "~/modules/shop-registrations/grid";
import { existingRegistrationIds } from "~/modules/shop-registrations/grid-query.server";
import { findScanRequestRecord } from "~/modules/transaction-detail/scan-request-record.server";
import { portalUsersQuery } from "~/modules/user-roles/directory-query.server";
import { USER_ROLES_PATH } from "~/modules/user-roles/grid";

/**
 * Where an event's record lives: its screen with its row expanded (or its detail view), offered
 * only while the record is there to show and the viewer may open that screen, so no link of the
 * Activity screen leads to a 404 or an empty row.
 */
interface RecordScreen {
  page: string;
  label: string;
  exists(id: string, signedIn: SignedIn): Promise<boolean>;
  href(id: string): string;
}

const byNumber = (check: (id: number) => Promise<boolean>) => (id: string) => {
  const key = parseRecordId(id);
  return key === null ? Promise.resolve(false) : check(key);
};
const listed = (find: (ids: readonly string[]) => Promise<string[]>) => async (id: string) => (await find([id])).includes(id);
const expandedOn = (path: string, filter?: string) => (id: string) =>
  `${path}?${new URLSearchParams([...(filter ? [[filter, id]] : []), ["expanded", id]]).toString()}`;

const SCREENS: Readonly<Record<string, RecordScreen>> = {
  user: {
    page: "userroles",
    label: "User Roles",
    exists: async (id) => (await portalUsersQuery({}).where("u.id", "=", id).select("u.id as userId").executeTakeFirst()) !== undefined,
    href: expandedOn(USER_ROLES_PATH),
  },
  provider: { page: "providers", label: "Providers", exists: listed(listedProviderIds), href: expandedOn(PROVIDERS_PATH, "providerId") },
  configuration: {
    page: "configuration",
    label: "Configurations",
    exists: byNumber(async (id) => (await rowByKey(getDb(), CONFIGURATION_TABLE, id)) !== undefined),
    href: expandedOn(CONFIGURATION_PATH, "configId"),
  },
  shopRegistration: {
    page: SHOP_REGISTRATIONS_PAGE,
    label: "Shop Registrations",
    exists: listed(existingRegistrationIds),
    href: expandedOn(SHOP_REGISTRATIONS_PATH),
  },
  deviceRegistration: { page: DEVICES_PAGE, label: "Devices", exists: listed(existingDeviceIds), href: expandedOn(DEVICES_PATH, "registrationId") },
  etlVariable: {
    page: ETL_PAGE,
    label: "Redshift ETL Dashboard",
    exists: byNumber(async (id) => (await rowByKey(getDb(), ETL_TABLE, id)) !== undefined),
    href: expandedOn(ETL_PATH, "varId"),
  },
  scan_requests: {
    page: "transactions",
    label: "Transaction Details",
    // The detail view's own read, in the viewer's provider scope: what it would show, or its 404.
    exists: (id, signedIn) => byNumber(async (key) => (await findScanRequestRecord(key, await providerScopeOf(signedIn.user))) !== null)(id),
    href: (id) => `/transactions/${encodeURIComponent(id)}`,
  },
  error_records: {
    page: "feedbackError",
    label: "Feedbacks/Errors",
    exists: byNumber(async (id) => (await getDb().selectFrom("errorRecords").select("errorId").where("errorId", "=", id).executeTakeFirst()) !== undefined),
    href: expandedOn(ERROR_LOG_PATH, "errorId"),
  },
};

/** The link to an event's record, or null: no screen shows such records, the record is gone, or the viewer may not open its screen. */
export async function recordLink(signedIn: SignedIn, entity: string, entityId: string | null): Promise<{ href: string; label: string } | null> {
  const screen = SCREENS[entity];
  if (!screen || entityId === null) return null;
  const [allowed, exists] = await Promise.all([pagesAllowed(signedIn, [screen.page]), screen.exists(entityId, signedIn)]);
  return allowed[screen.page] && exists ? { href: screen.href(entityId), label: `Open on ${screen.label}` } : null;
}
