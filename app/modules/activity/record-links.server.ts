import { providerScopeOf } from "~/auth/provider-scope.server";
import { pagesAllowed } from "~/auth/require-page.server";
import type { SignedIn } from "~/auth/user-session.server";
import { getDb } from "~/db/db.server";
import { rowByKey } from "~/db/keyed-table.server";
import { todayIn } from "~/grid/dates";
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
import { findScanRequestRecord } from "~/modules/transaction-detail/scan-request-record.server";
import { portalUsersQuery } from "~/modules/user-roles/directory-query.server";
import { USER_ROLES_PATH } from "~/modules/user-roles/grid";

/**
 * Where an event's record lives: its screen with its row expanded (or its detail view), offered
 * only while the record is there to show and the viewer may open that screen, so no link of the
 * Activity screen leads to a 404. The address filters the screen down to the record (its id, or
 * what finds it), so the row, and with it its expanded panel, is on the page the link opens.
 */
interface RecordScreen {
  page: string;
  label: string;
  /** The record's address on its screen, or null when it is gone (or the viewer may not see it). */
  locate(id: string, viewer: Viewer): Promise<string | null>;
}

interface Viewer {
  signedIn: SignedIn;
  timeZone: string;
}

/** A screen's address with these parameters (filters first, then the expanded row). */
const address = (path: string, params: Array<[string, string]>) => `${path}?${new URLSearchParams(params).toString()}`;

/** A numeric record found by a check: its screen filtered by its id (when the screen has such a filter) and expanded. */
function numbered(path: string, filter: string | null, exists: (id: number) => Promise<boolean>) {
  return async (id: string): Promise<string | null> => {
    const key = parseRecordId(id);
    if (key === null || !(await exists(key))) return null;
    return address(path, [...(filter ? ([[filter, id]] as Array<[string, string]>) : []), ["expanded", id]]);
  };
}

const listed = (find: (ids: readonly string[]) => Promise<string[]>) => async (id: number) => (await find([String(id)])).includes(String(id));

const SCREENS: Readonly<Record<string, RecordScreen>> = {
  user: {
    page: "userroles",
    label: "User Roles",
    async locate(id) {
      const user = await portalUsersQuery({}).where("u.id", "=", id).select("u.login as userLogin").executeTakeFirst();
      return user
        ? address(USER_ROLES_PATH, [
            ["userName", user.userLogin],
            ["expanded", id],
          ])
        : null;
    },
  },
  provider: { page: "providers", label: "Providers", locate: numbered(PROVIDERS_PATH, "providerId", listed(listedProviderIds)) },
  configuration: {
    page: "configuration",
    label: "Configurations",
    locate: numbered(CONFIGURATION_PATH, "configId", async (id) => (await rowByKey(getDb(), CONFIGURATION_TABLE, id)) !== undefined),
  },
  shopRegistration: {
    page: SHOP_REGISTRATIONS_PAGE,
    label: "Shop Registrations",
    // The screen has no id filter: its shop id, else its license key, narrows the list to the registration.
    async locate(id) {
      const key = parseRecordId(id);
      const row =
        key === null ? undefined : await getDb().selectFrom("shopRegistrations").select(["shopId", "licenseKey"]).where("id", "=", key).executeTakeFirst();
      if (!row) return null;
      const narrowed: Array<[string, string]> = row.shopId !== null ? [["shopId", String(row.shopId)]] : row.licenseKey ? [["licenseKey", row.licenseKey]] : [];
      return address(SHOP_REGISTRATIONS_PATH, [...narrowed, ["expanded", id]]);
    },
  },
  deviceRegistration: { page: DEVICES_PAGE, label: "Devices", locate: numbered(DEVICES_PATH, "registrationId", listed(existingDeviceIds)) },
  etlVariable: {
    page: ETL_PAGE,
    label: "Redshift ETL Dashboard",
    locate: numbered(ETL_PATH, "varId", async (id) => (await rowByKey(getDb(), ETL_TABLE, id)) !== undefined),
  },
  scan_requests: {
    page: "transactions",
    label: "Transaction Details",
    // The detail view's own read, in the viewer's provider scope: what it would show, or its 404.
    async locate(id, { signedIn }) {
      const key = parseRecordId(id);
      if (key === null) return null;
      const found = await findScanRequestRecord(key, await providerScopeOf(signedIn.user));
      return found ? `/transactions/${key}` : null;
    },
  },
  error_records: {
    page: "feedbackError",
    label: "Feedbacks/Errors",
    // The log lists a date range: the record's own day, in the viewer's zone.
    async locate(id, { timeZone }) {
      const key = parseRecordId(id);
      const row = key === null ? undefined : await getDb().selectFrom("errorRecords").select("createdDate").where("errorId", "=", key).executeTakeFirst();
      if (!row) return null;
      const day = todayIn(timeZone, new Date(row.createdDate));
      return address(ERROR_LOG_PATH, [
        ["from", day],
        ["to", day],
        ["errorId", id],
        ["expanded", id],
      ]);
    },
  },
};

/** The link to an event's record, or null: no screen shows such records, the record is gone, or the viewer may not open its screen. */
export async function recordLink(viewer: Viewer, entity: string, entityId: string | null): Promise<{ href: string; label: string } | null> {
  const screen = SCREENS[entity];
  if (!screen || entityId === null) return null;
  const allowed = await pagesAllowed(viewer.signedIn, [screen.page]);
  if (!allowed[screen.page]) return null;
  const href = await screen.locate(entityId, viewer);
  return href ? { href, label: `Open on ${screen.label}` } : null;
}
