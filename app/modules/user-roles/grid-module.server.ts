import { sql } from "kysely";
import { z } from "zod";
import { WRITE_PERMISSIONS } from "~/auth/authorization";
import { csvInWorker } from "~/grid/csv-worker/cells-writer";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import { gridAction } from "~/grid/grid-actions.server";
import type { GridRow } from "~/grid/grid-view";
import { readKeysetPage } from "~/grid/keyset.server";
import { formatInstant } from "~/lib/date-format";
import { parseRoleList } from "~/lib/role-list";
import { readRecordHistory } from "~/modules/audit/record-history.server";
import { csvCellsWriters } from "~/modules/csv-export/cells-writers";
import { providerNamesById } from "~/modules/providers/provider-names.server";
import type { CodeLabel } from "~/platform/configuration/configuration-values.server";
import { userTimeZone } from "~/platform/time-zone.server";
import { conflict, done, refused, type ActionOutcome } from "~/write-path/action-outcome";
import { assignRoles, USER_ENTITY, type RoleChange } from "./assign-roles.server";
import { directoryUserCells } from "./cells";
import { directorySortColumn, portalUsersQuery, sortKeyOf, type DirectoryRow } from "./directory-query.server";
import { userRolesGrid } from "./grid";
import { parentIdOf, parentLabel } from "./parent";
import { assignableRoles, rolesOfferedTo } from "./role-options.server";
import { ROLE_MESSAGES, unknownRoles, type OfferedRole } from "./role-rules";
import { ROLES_FIELD, SAVE_ROLES_INTENT, VERSION_FIELD, type UserRoleDetail } from "./user-detail";

interface UserRolesContext extends GridContext {
  providerNames: Map<number, string>;
  assignable: CodeLabel[];
  /** The assignable roles as the signed-in user's roles form offers them. */
  offered: OfferedRole[];
}

const HISTORY_LABELS = { roles: "Roles" } as const;

const saveRolesSchema = z.object({
  [VERSION_FIELD]: z.string().min(1).max(40),
  [ROLES_FIELD]: z.array(z.string().max(60)).max(30).default([]),
});

function gridRow(row: DirectoryRow, context: UserRolesContext): GridRow {
  return { id: row.id, cells: directoryUserCells(row, context.providerNames, context.timeZone) };
}

/** A role change as the expanded row's form is answered (the spec's words: 'Success' or 'Error' with the reason). */
export function roleChangeOutcome(change: RoleChange): ActionOutcome {
  switch (change.kind) {
    case "saved":
      return done(ROLE_MESSAGES.saved);
    case "stale":
      return conflict({ title: ROLE_MESSAGES.failedTitle, message: change.reason });
    case "refused":
      return refused({ intent: SAVE_ROLES_INTENT, formErrors: [change.reason], message: { title: ROLE_MESSAGES.failedTitle, message: change.reason } });
  }
}

async function userDetail(id: string, context: UserRolesContext): Promise<UserRoleDetail | null> {
  const row = await portalUsersQuery({}).where("u.id", "=", id).executeTakeFirst();
  if (!row) return null;
  const history = await readRecordHistory(USER_ENTITY, row.id, { timeZone: context.timeZone, labels: HISTORY_LABELS });
  return {
    id: row.id,
    login: row.login,
    firstName: row.firstName ?? "",
    lastName: row.lastName ?? "",
    email: row.email ?? "",
    parent: parentLabel(parentIdOf(row.ldapdn), context.providerNames),
    status: row.status,
    created: formatInstant(row.created, context.timeZone, "detail"),
    lastUpdated: formatInstant(row.lastUpdated, context.timeZone, "detail"),
    version: row.lastUpdated,
    roles: parseRoleList(row.dloedrprole),
    assignable: context.offered,
    history,
  };
}

/**
 * The User Roles screen (platform spec §2, §5-§8): the directory's portal users by cursor, the
 * expanded row's details, roles form and History, and the roles form's save, which needs
 * changingRoleData besides the page.
 */
export const userRolesGridModule = defineGrid({
  definition: userRolesGrid,
  async context(request, signedIn): Promise<UserRolesContext> {
    const [{ timeZone }, providerNames, assignable] = await Promise.all([userTimeZone(request, signedIn.user.id), providerNamesById(), assignableRoles()]);
    const offered = await rolesOfferedTo(signedIn.user.roles, assignable);
    return { timeZone, providerNames, assignable, offered, options: { role: assignable.map((role) => ({ value: role.code, label: role.label })) } };
  },
  async cursorPage(state, seek, context) {
    const sort = directorySortColumn(state);
    const page = await readKeysetPage(portalUsersQuery(state.filters), { sort, id: "u.id", dir: state.dir }, seek, state.size, (row) => [
      sortKeyOf(row, sort),
      row.id,
    ]);
    return { ...page, rows: page.rows.map((row) => gridRow(row, context)), total: null };
  },
  detail: (rowId, context) => userDetail(rowId, context),
  allRows: (state) =>
    portalUsersQuery(state.filters)
      .orderBy(sql.ref(directorySortColumn(state)), state.dir)
      .orderBy("u.id", state.dir),
  cells: (row, context) => directoryUserCells(row, context.providerNames, context.timeZone),
  csvInWorker: csvInWorker(csvCellsWriters.userRoles, ({ providerNames, timeZone }: UserRolesContext) => ({ providerNames, timeZone })),
  rowsInScope: async (ids) =>
    ids.length === 0
      ? []
      : (
          await portalUsersQuery({})
            .where("u.id", "in", [...ids])
            .select("u.id as userId")
            .execute()
        ).map((row) => row.userId),
  actions: {
    [SAVE_ROLES_INTENT]: gridAction<UserRolesContext, z.infer<typeof saveRolesSchema>>({
      permission: WRITE_PERMISSIONS.changeUserRoles,
      schema: saveRolesSchema,
      failure: { title: ROLE_MESSAGES.failedTitle, message: "The roles could not be saved. Please try again." },
      maxRows: 1,
      async run({ value, rowIds, context, signedIn, now }) {
        const assignable = context.assignable.map((role) => role.code);
        const unknown = unknownRoles(value.roles, assignable);
        if (unknown.length > 0) return refused({ intent: SAVE_ROLES_INTENT, fieldErrors: { [ROLES_FIELD]: unknown.map(ROLE_MESSAGES.unknownRole) } });
        const change = await assignRoles(
          { actor: signedIn.user, user: rowIds[0], chosen: value.roles, assignable, version: value.version, now },
          context.timeZone,
        );
        return roleChangeOutcome(change);
      },
    }),
  },
});
