import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import type { BulkUserView, UnassignableUser } from "~/modules/user-roles/bulk-assignment";
import { BULK_MESSAGES, viewOfUser, type BulkSource } from "~/modules/user-roles/bulk-assignment.server";
import { portalUsersQuery } from "~/modules/user-roles/directory-query.server";
import { APPLICATIONS_BULK_PATH, APPLICATIONS_PATH } from "./grid";

/**
 * Applications' rows are applications: their users (the user id an application checked in with, a
 * directory id or login) are assigned roles, each once. A user who is not an active portal user is
 * a FAIL line of the result; an application that is gone makes the selection stale.
 */
export const APPLICATIONS_SOURCE: BulkSource = {
  path: APPLICATIONS_BULK_PATH,
  gridPath: APPLICATIONS_PATH,
  async select(ids) {
    const applications = await getDb()
      .selectFrom("applications")
      .select(["id", "userId"])
      .where("id", "in", [...ids])
      .execute();
    const named = [...new Set(applications.map((application) => application.userId?.trim() ?? "").filter(Boolean))];
    const rows =
      named.length === 0
        ? []
        : await portalUsersQuery({})
            .where((eb) => eb.or([eb("u.id", "in", named), eb(sql.ref("u.login"), "in", named)]))
            .execute();
    const users = new Map<string, BulkUserView>();
    const unassignable: UnassignableUser[] = [];
    for (const name of named) {
      const row = rows.find((candidate) => candidate.id === name || candidate.login === name);
      if (row) users.set(row.id, viewOfUser(row));
      else unassignable.push({ label: name, reason: BULK_MESSAGES.notPortalUser });
    }
    for (const application of applications) {
      if (!application.userId?.trim()) unassignable.push({ label: application.id, reason: "the application names no user" });
    }
    return { users: [...users.values()], unassignable, missing: ids.length - applications.length };
  },
};
