import { sql, type Expression, type SqlBool } from "kysely";
import { BASE_ROLE } from "~/auth/authorization";
import { getDatabase, getDb } from "~/db/db.server";
import type { DialectName } from "~/db/dialect";
import type { GridState } from "~/grid/definition";
import { type CustomFilter, filterConditions, type GridBindings, sortColumn } from "~/grid/sql-bindings.server";
import type { userRolesGrid } from "./grid";

/**
 * The directory search of the User Roles screen (platform spec §7: users holding DIP_PORTAL with
 * status ACTIVE, exact filters, sorted by last update or a profile field). The users are read
 * through a derived table `u` that adds NOT NULL sort keys (coalesce), so the keyset pages compare
 * (key, id) on both databases; indexes on the same expressions serve the order (migration 0006).
 */
export const DIRECTORY_ACTIVE = "ACTIVE";

/** Whether a user's role list (JSON) holds a role: json_each on SQLite, jsonb containment on PostgreSQL. */
export function holdsRole(dialect: DialectName, roles: string, role: string): Expression<SqlBool> {
  const column = sql.ref(roles);
  return dialect === "sqlite"
    ? sql<SqlBool>`exists (select 1 from json_each(${column}) where json_each.value = ${role})`
    : sql<SqlBool>`${column} @> jsonb_build_array(${role}::text)`;
}

/** Equal to the trimmed value, ignoring case, on the column itself (its lower(...) index serves it). */
function sameTextAs(columnName: string): CustomFilter<undefined> {
  return (values) => sql<SqlBool>`lower(${sql.ref(columnName)}) = ${values[0].trim().toLowerCase()}`;
}

const holdsChosenRole: CustomFilter<undefined> = (values) => holdsRole(getDatabase().dialect, "u.dloedrprole", values[0].trim());

/** Every column but Parent, which is worked out from the roles and never sorts. */
export const DIRECTORY_BINDINGS: GridBindings<typeof userRolesGrid, undefined, "parent"> = {
  userName: { sql: "u.login", filter: sameTextAs("u.login") },
  firstName: { sql: "u.firstNameKey", filter: sameTextAs("u.firstName") },
  lastName: { sql: "u.lastNameKey", filter: sameTextAs("u.lastName") },
  email: { sql: "u.emailKey", filter: sameTextAs("u.email") },
  role: { sql: "u.dloedrprole", filter: holdsChosenRole, sortable: false },
  lastUpdated: { sql: "u.lastUpdated" },
};

export const DEFAULT_SORT_COLUMN = "lastUpdated";

/** The directory as the screen reads it: every column of a user, and the sort keys. */
function directoryTable() {
  return getDb()
    .selectFrom("users")
    .select([
      "id",
      "login",
      "firstName",
      "lastName",
      "email",
      "ldapdn",
      "dloedrprole",
      "status",
      "created",
      "lastUpdated",
      sql<string>`coalesce(${sql.ref("firstName")}, '')`.as("firstNameKey"),
      sql<string>`coalesce(${sql.ref("lastName")}, '')`.as("lastNameKey"),
      sql<string>`coalesce(${sql.ref("email")}, '')`.as("emailKey"),
    ])
    .as("u");
}

/** The portal's users as the screen lists them (ACTIVE, holding DIP_PORTAL), under the state's filters. */
export function portalUsersQuery(filters: GridState["filters"]) {
  return getDb()
    .selectFrom(directoryTable())
    .selectAll("u")
    .where("u.status", "=", DIRECTORY_ACTIVE)
    .where(holdsRole(getDatabase().dialect, "u.dloedrprole", BASE_ROLE))
    .where((eb) => eb.and(filterConditions(DIRECTORY_BINDINGS, filters, undefined)));
}

export type DirectoryRow = Awaited<ReturnType<ReturnType<typeof portalUsersQuery>["executeTakeFirstOrThrow"]>>;

/** The sort key column of the state (a NOT NULL expression of the derived table). */
export function directorySortColumn(state: GridState): string {
  return sortColumn(DIRECTORY_BINDINGS, state, DEFAULT_SORT_COLUMN);
}

/** The value of a row's sort key, for its cursor. */
export function sortKeyOf(row: DirectoryRow, column: string): string {
  switch (column) {
    case "u.login":
      return row.login;
    case "u.firstNameKey":
      return row.firstNameKey;
    case "u.lastNameKey":
      return row.lastNameKey;
    case "u.emailKey":
      return row.emailKey;
    default:
      return row.lastUpdated;
  }
}
