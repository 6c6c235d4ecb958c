import type { GridCells } from "~/grid/definition";
import { cellDateTime } from "~/lib/date-format";
import type { userRolesGrid } from "./grid";
import { parentIdOf, parentLabel } from "./parent";

/** What a User Roles row shows; the directory row's fields the cells need. */
export interface DirectoryCellsSource {
  login: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  ldapdn: string | null;
  lastUpdated: string;
}

export function directoryUserCells(row: DirectoryCellsSource, providerNames: ReadonlyMap<number, string>, timeZone: string): GridCells<typeof userRolesGrid> {
  return {
    userName: row.login,
    parent: parentLabel(parentIdOf(row.ldapdn), providerNames),
    firstName: row.firstName ?? "",
    lastName: row.lastName ?? "",
    email: row.email ?? "",
    lastUpdated: cellDateTime(row.lastUpdated, timeZone),
  };
}
