import { z } from "zod";
import type { UserClaims } from "~/auth/user-claims";
import type { ActionOutcome, PopUpMessage } from "~/write-path/action-outcome";
import type { GridContext } from "./define-grid.server";
import { gridAction, type GridActionHandler } from "./grid-actions.server";

/** The form field of a versioned row's action: the row's version (row_version) as the page read it. */
export const ROW_VERSION_FIELD = "version";

/** Who changes a row, in which time zone (a stale refusal's date), and when. */
export interface RowWriter {
  actor: UserClaims;
  timeZone: string;
  now: Date;
}

/** A change of one row read at `version`; refused as stale when someone changed the row since. */
export type VersionedRowCommand = (writer: RowWriter, id: number, version: number) => Promise<ActionOutcome>;

/** The version field's schema, `badVersion` the words for anything but a version a row can have. */
export function rowVersionSchema(badVersion: string) {
  return z.object({
    [ROW_VERSION_FIELD]: z.number({ error: badVersion }).int({ error: badVersion }).min(1, { error: badVersion }).max(2_147_483_647, { error: badVersion }),
  });
}

export interface VersionedRowActionOptions {
  /** The page permission, asked again whatever the URL says. */
  permission: string;
  /** The screen's words for a version that cannot be one. */
  badVersion: string;
  /** The spec's words when the write breaks. */
  failure: PopUpMessage;
  command: VersionedRowCommand;
}

/**
 * A row action on a versioned row (the admin screens' trust actions): one row, the version the
 * page read, the writer from the signed-in user and the grid's zone, then the command.
 */
export function versionedRowAction(options: VersionedRowActionOptions): GridActionHandler<GridContext> {
  return gridAction({
    permission: options.permission,
    schema: rowVersionSchema(options.badVersion),
    failure: options.failure,
    maxRows: 1,
    run: ({ value, rowIds, context, signedIn, now }) =>
      options.command({ actor: signedIn.user, timeZone: context.timeZone, now }, Number(rowIds[0]), value[ROW_VERSION_FIELD]),
  });
}
