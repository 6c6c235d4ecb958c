import { z } from "zod";
import type { UserClaims } from "~/auth/user-claims";
import { MAX_RECORD_ID } from "~/lib/record-id";
import type { ActionOutcome, FormValues, PopUpMessage } from "~/write-path/action-outcome";
import type { GridContext } from "./define-grid.server";
import { gridAction, type GridActionHandler } from "./grid-actions.server";

/** The form field of a versioned row's action: the row's version as the page read it. */
export const ROW_VERSION_FIELD = "version";

/** Who changes a row, in which time zone (a stale refusal's date), and when. */
export interface RowWriter {
  actor: UserClaims;
  timeZone: string;
  now: Date;
}

/** A writer outside a grid action (an Add page, a test): `now` is the write's own moment when not given. */
export type Writer = Omit<RowWriter, "now"> & { now?: Date };

/**
 * How a screen's rows are versioned: row_version, a whole number each write counts up (Devices,
 * Shop Registrations, ETL), or a stamp the row keeps and each write moves on (Configurations:
 * updatedDateTime as stored, decision 0038).
 */
interface RowVersions {
  count: number;
  stamp: string;
}
export type RowVersionKind = keyof RowVersions;
export type RowVersion<Kind extends RowVersionKind> = RowVersions[Kind];

const ROW_VERSIONS: { [Kind in RowVersionKind]: (bad: string) => z.ZodType<RowVersions[Kind]> } = {
  count: (bad) => z.number({ error: bad }).int({ error: bad }).min(1, { error: bad }).max(MAX_RECORD_ID, { error: bad }),
  stamp: (bad) => z.string({ error: bad }).min(1, { error: bad }).max(64, { error: bad }),
};

/** A screen's words for the version field. */
export interface RowVersionWords {
  /** Anything but a version a row can have. */
  badVersion: string;
  /** A form sent without a version, as the form's error (an edit form); without it, badVersion (a row's button). */
  noVersion?: string;
}

/** The version field's schema, of the screen's kind and in its words. */
export function rowVersionSchema<Kind extends RowVersionKind = "count">(words: RowVersionWords, kind?: Kind): z.ZodType<{ version: RowVersion<Kind> }> {
  const version = ROW_VERSIONS[kind ?? ("count" as Kind)](words.badVersion);
  const { noVersion } = words;
  if (noVersion === undefined) return z.object({ [ROW_VERSION_FIELD]: version });
  return z.object({ [ROW_VERSION_FIELD]: version.optional() }).transform((form, context) => {
    if (form.version !== undefined) return { version: form.version };
    context.addIssue({ code: "custom", message: noVersion, path: [] });
    return z.NEVER;
  });
}

/** A change of one row read at `version`; refused as stale when someone changed the row since. */
export type VersionedRowCommand<Value = unknown, Kind extends RowVersionKind = "count"> = (
  writer: RowWriter,
  id: number,
  version: RowVersion<Kind>,
  value: Value,
) => Promise<ActionOutcome>;

export interface VersionedRowActionOptions<Value, Kind extends RowVersionKind> extends RowVersionWords {
  /** The page permission, asked again whatever the URL says. */
  permission: string;
  /** The spec's words when the write breaks. */
  failure: PopUpMessage;
  /** How the screen's rows are versioned (default row_version). */
  version?: Kind;
  /** The form's own fields, read with the version (none for a row's button: DeRegister, Delete). */
  fields?: z.ZodType<Value>;
  /** What of a refused form goes back to the page (a form with a secret leaves it out). */
  shownAgain?: (values: FormValues) => FormValues;
  command: VersionedRowCommand<Value, Kind>;
}

/**
 * A row action on a versioned row (the admin screens' trust actions and edit forms' Save): one row
 * (the grid's checked row, whatever the form says), the version the page read and the form's own
 * fields read by one schema, the writer from the signed-in user and the grid's zone, then the
 * command, which compares the version with the stored one in the write's transaction.
 */
export function versionedRowAction<Value = undefined, Kind extends RowVersionKind = "count">(
  options: VersionedRowActionOptions<Value, Kind>,
): GridActionHandler<GridContext> {
  const version = rowVersionSchema(options, options.version);
  return gridAction({
    permission: options.permission,
    schema: options.fields ? z.intersection(version, options.fields) : version,
    shownAgain: options.shownAgain,
    failure: options.failure,
    maxRows: 1,
    run: ({ value, rowIds, context, signedIn, now }) =>
      options.command({ actor: signedIn.user, timeZone: context.timeZone, now }, Number(rowIds[0]), value.version, value as Value),
  });
}
