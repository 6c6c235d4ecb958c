import type { DialogAnswer, RefusedOutcome } from "~/write-path/action-outcome";
import type { OfferedRole } from "./role-rules";

/**
 * The Bulk Role(s) Assignment page and dialog (platform spec §2, §8; dashboards spec §4): the
 * selected users, the role checkboxes, Cancel and Save; its result 'Bulk Role Assignment result'
 * lists the SUCCESS and the FAIL logins. Client-safe: field names, limits and the page's data.
 */
export const BULK_FIELDS = {
  ids: "ids",
  roles: "roles",
  token: "token",
  back: "back",
  /** The grid's selection form sends its way back as returnTo. */
  returnTo: "returnTo",
  /** A finished assignment's stored result, when its lines are too many for the pop-up. */
  result: "result",
} as const;

/** At most this many users per assignment (more is refused, nothing written). */
export const MAX_BULK_USERS = 200;

export interface BulkUserView {
  id: string;
  login: string;
  name: string;
}

/** A selected row whose user cannot be assigned roles (an application's user not in the directory): a FAIL line of the result. */
export interface UnassignableUser {
  label: string;
  reason: string;
}

export type BulkAssignmentPageData =
  | {
      kind: "form";
      /** The selected rows (users on User Roles, applications on Applications): what the form posts. */
      ids: string[];
      users: BulkUserView[];
      unassignable: UnassignableUser[];
      assignable: OfferedRole[];
      refusals: string[];
      /** The form's one-time token; null when the selection is refused (there is no form). */
      token: string | null;
      back: string;
    }
  | { kind: "result"; outcome: { title: string; message: string; lines: string[] }; back: string };

export interface BulkRefusals {
  refusals: string[];
}

export type BulkAssignmentActionData = BulkRefusals | DialogAnswer;

export function bulkRefusals(outcome: RefusedOutcome): BulkRefusals {
  return { refusals: [...outcome.formErrors, ...Object.values(outcome.fieldErrors).flat()] };
}

/** The page (GET) of a bulk assignment for a selection, as the dialog loads it. */
export function bulkAssignmentHref(path: string, ids: readonly string[], back: string): string {
  const params = new URLSearchParams();
  for (const id of ids) params.append(BULK_FIELDS.ids, id);
  params.set(BULK_FIELDS.back, back);
  return `${path}?${params.toString()}`;
}
