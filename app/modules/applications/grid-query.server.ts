import { sql, type Expression, type SqlBool } from "kysely";
import { getDatabase } from "~/db/db.server";
import type { GridState } from "~/grid/definition";
import { offsetPageWithTotal } from "~/grid/page-query.server";
import { filterConditions, type GridBindings, sortExpression } from "~/grid/sql-bindings.server";
import { containsText } from "~/grid/text-match.server";
import type { applicationsGrid } from "./grid";

/** One row of the Applications list: an application with the version it runs now. */
export interface ApplicationRow {
  id: string;
  createdDateTime: string;
  lastModifiedDateTime: string;
  /** Its newest version by created time (the latest id among equal times); null before any. */
  currentVersion: string | null;
  platform: string | null;
  userId: string | null;
  machineName: string | null;
}

/** What the search box looks in, each ignoring case and matching anywhere in the text. */
const SEARCHED = ["a.id", "a.platform", "a.userId", "a.machineName", "cv.version"] as const;

function searchCondition(values: readonly string[]): Expression<SqlBool> {
  const { dialect } = getDatabase();
  return sql<SqlBool>`(${sql.join(
    SEARCHED.map((column) => containsText(dialect, column, values[0])),
    sql` or `,
  )})`;
}

/** The Applications list's columns and its search in SQL. */
export const APPLICATION_BINDINGS: GridBindings<typeof applicationsGrid> = {
  id: { sql: "a.id" },
  createdDateTime: { sql: "a.createdDateTime" },
  lastModifiedDateTime: { sql: "a.lastModifiedDateTime" },
  currentVersion: { sql: "cv.version", sortable: false },
  platform: { sql: "a.platform", sortable: false },
  userId: { sql: "a.userId", sortable: false },
  machineName: { sql: "a.machineName", sortable: false },
  search: { sql: "a.id", filter: searchCondition },
};

/**
 * Applications joined to their current version: the newest of their versions by created time, the
 * latest id breaking a tie (the index on application_id, created_date_time finds it), with the
 * search's conditions.
 */
function filteredApplications(state: GridState) {
  const db = getDatabase().db;
  return db
    .selectFrom("applications as a")
    .leftJoin("applicationVersions as cv", (join) =>
      join
        .onRef("cv.applicationId", "=", "a.id")
        .on("cv.id", "=", (eb) =>
          eb
            .selectFrom("applicationVersions as v")
            .select("v.id")
            .whereRef("v.applicationId", "=", "a.id")
            .orderBy("v.createdDateTime", "desc")
            .orderBy("v.id", "desc")
            .limit(1),
        ),
    )
    .where((eb) => eb.and(filterConditions(APPLICATION_BINDINGS, state.filters, undefined)));
}

/** Every matching application in grid order (the sorted column, then the id): the page reads a slice, the CSV export streams it all. */
export function selectApplicationRows(state: GridState) {
  return filteredApplications(state)
    .select(["a.id", "a.createdDateTime", "a.lastModifiedDateTime", "cv.version as currentVersion", "a.platform", "a.userId", "a.machineName"])
    .orderBy(sortExpression(APPLICATION_BINDINGS, state, "lastModifiedDateTime"), state.dir)
    .orderBy("a.id", state.dir);
}

/** One page of applications and the number that match. */
export function findApplicationsPage(state: GridState): Promise<{ rows: ApplicationRow[]; total: number }> {
  return offsetPageWithTotal(selectApplicationRows(state), filteredApplications(state), state);
}
