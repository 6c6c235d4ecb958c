import { z } from "zod";
import { roleGrantProblem } from "~/auth/grant-rules";
import { loadRequiredRolesForPages } from "~/auth/require-page.server";
import { pathAndBelow, safeReturnTo } from "~/auth/return-to";
import type { SignedIn } from "~/auth/user-session.server";
import { ROW_ID } from "~/grid/url-state";
import { done, refused, type ActionOutcome, type RefusedOutcome } from "~/write-path/action-outcome";
import { checkFormToken, finishedOutcome, newFormToken, runOnce, WAIT_FOR_FIRST_MS, type FormOutcome } from "~/write-path/one-time-form.server";
import { assignRoles } from "./assign-roles.server";
import { BULK_FIELDS, MAX_BULK_USERS, type BulkAssignmentPageData, type BulkUserView, type UnassignableUser } from "./bulk-assignment";
import { portalUsersQuery } from "./directory-query.server";
import { BULK_ASSIGNMENT_PATH, USER_ROLES_PATH } from "./grid";
import { assignableRoles, rolesOfferedTo } from "./role-options.server";
import { ROLE_MESSAGES, unknownRoles } from "./role-rules";

const PURPOSE = "roleAssignment";
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const BULK_MESSAGES = {
  noUsers: "Please select at least one row.",
  tooMany: `At most ${MAX_BULK_USERS} rows can be assigned roles at a time. Please select fewer.`,
  badIds: "The selection was not valid. Please reload the page and try again.",
  missing: (count: number) => `${count} of the selected rows are no longer there or no longer active portal users; please reload the page and select again.`,
  nobody: "None of the selected rows has a user who is an active portal user.",
  expired: "This form has expired or was not issued to you. Please open Available Actions again.",
  stillRunning: "The role assignment is still running. Its result will show when it is done.",
  notPortalUser: "not an active portal user",
  broken: { title: ROLE_MESSAGES.failedTitle, message: "The role assignment could not be completed. Please try again." },
} as const;

/** What a grid's selection stands for: the users to assign roles to, those that cannot be, and how many rows are gone. */
export interface BulkSelection {
  users: BulkUserView[];
  unassignable: UnassignableUser[];
  missing: number;
}

/**
 * Where a bulk assignment comes from: User Roles (rows are users) or Applications (rows are
 * applications, and their users are assigned). Each has its page (GET and POST) and its grid.
 */
export interface BulkSource {
  path: string;
  gridPath: string;
  select(ids: readonly string[]): Promise<BulkSelection>;
}

export function viewOfUser(row: { id: string; login: string; firstName: string | null; lastName: string | null }): BulkUserView {
  return { id: row.id, login: row.login, name: [row.firstName, row.lastName].filter(Boolean).join(" ") };
}

/** User Roles: the rows are directory users, each an active portal user still. */
export const USER_ROLES_SOURCE: BulkSource = {
  path: BULK_ASSIGNMENT_PATH,
  gridPath: USER_ROLES_PATH,
  async select(ids) {
    const rows = await portalUsersQuery({})
      .where("u.id", "in", [...ids])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, viewOfUser(row)]));
    const users = ids.flatMap((id) => byId.get(id) ?? []);
    return { users, unassignable: [], missing: ids.length - users.length };
  },
};

/** Back to the grid the selection was made on, or the source's grid. */
function backOf(source: BulkSource, value: string | null | undefined): string {
  return safeReturnTo(typeof value === "string" ? value : null, source.gridPath, pathAndBelow("/admin"));
}

async function checkSelection(source: BulkSource, values: readonly string[]): Promise<BulkSelection & { ids: string[]; refusals: string[] }> {
  const none = { ids: [], users: [], unassignable: [], missing: 0 };
  const ids = [...new Set(values)];
  if (!ids.every((id) => ROW_ID.test(id))) return { ...none, refusals: [BULK_MESSAGES.badIds] };
  if (ids.length === 0) return { ...none, refusals: [BULK_MESSAGES.noUsers] };
  if (ids.length > MAX_BULK_USERS) return { ...none, refusals: [BULK_MESSAGES.tooMany] };
  const selection = { ...(await source.select(ids)), ids };
  if (selection.missing > 0) return { ...selection, refusals: [BULK_MESSAGES.missing(selection.missing)] };
  if (selection.users.length === 0) return { ...selection, refusals: [BULK_MESSAGES.nobody] };
  return { ...selection, refusals: [] };
}

export async function bulkAssignmentPage(source: BulkSource, signedIn: SignedIn, url: URL): Promise<BulkAssignmentPageData> {
  const back = backOf(source, url.searchParams.get(BULK_FIELDS.back) ?? url.searchParams.get(BULK_FIELDS.returnTo));
  const resultToken = url.searchParams.get(BULK_FIELDS.result);
  if (resultToken && TOKEN.test(resultToken)) {
    const outcome = await finishedOutcome(resultToken, signedIn.user.id);
    if (outcome) return { kind: "result", outcome, back };
  }
  const [selection, assignable] = await Promise.all([checkSelection(source, url.searchParams.getAll(BULK_FIELDS.ids)), rolesOfferedTo(signedIn.user.roles)]);
  const { ids, users, unassignable, refusals } = selection;
  return { kind: "form", ids, users, unassignable, assignable, refusals, token: refusals.length === 0 ? newFormToken(PURPOSE, signedIn.user.id) : null, back };
}

/**
 * The Bulk Role(s) Assignment form, read once by the action (decision 0076); a form it refuses (no
 * valid token, a malformed role list) has expired. The ids are checked as a selection by the command.
 */
export const bulkAssignmentFormSchema = z.object({
  [BULK_FIELDS.token]: z.string().regex(TOKEN),
  [BULK_FIELDS.roles]: z.array(z.string().max(60)).max(30).default([]),
  // conform leaves an empty id out; it is kept as "" so the selection is refused as sent.
  [BULK_FIELDS.ids]: z
    .array(z.string().optional())
    .optional()
    .transform((ids) => (ids ?? []).map((id) => id ?? "")),
  [BULK_FIELDS.back]: z.string().optional(),
});
export type BulkAssignmentForm = z.output<typeof bulkAssignmentFormSchema>;

/** The answer to a form the schema refuses. */
export const expiredBulkForm = (): RefusedOutcome => refused({ formErrors: [BULK_MESSAGES.expired] });

interface ResultLine {
  login: string;
  ok: boolean;
  reason?: string;
}

/** One line per user: SUCCESS or FAIL, and why it failed. */
function resultOutcome(lines: readonly ResultLine[]): FormOutcome {
  const succeeded = lines.filter((line) => line.ok);
  const failed = lines.filter((line) => !line.ok);
  return {
    title: ROLE_MESSAGES.bulkTitle,
    message: `SUCCESS: ${succeeded.length}, FAIL: ${failed.length}`,
    lines: [...succeeded.map((line) => `SUCCESS: ${line.login}`), ...failed.map((line) => `FAIL: ${line.login} (${line.reason ?? ""})`)],
  };
}

/**
 * Save of the Bulk Role(s) Assignment: each selected user's role list becomes the chosen roles
 * (DIP_PORTAL kept and first), user by user, each change with its audit row; once per form (its
 * one-time token), so a double submit assigns once and shows the first result again. Chosen roles
 * the actor may not give (grant-rules.ts) change nobody: every user is a FAIL line saying why.
 */
export async function bulkAssign(
  source: BulkSource,
  signedIn: SignedIn,
  form: BulkAssignmentForm,
  options: { now?: () => Date; timeZone: string },
): Promise<ActionOutcome> {
  const now = options.now ?? (() => new Date());
  const { token, roles } = form;
  if (checkFormToken(PURPOSE, token, signedIn.user.id, now()) === "invalid") return refused({ formErrors: [BULK_MESSAGES.expired] });
  const assignable = (await assignableRoles()).map((role) => role.code);
  const unknown = unknownRoles(roles, assignable);
  if (unknown.length > 0) return refused({ fieldErrors: { [BULK_FIELDS.roles]: unknown.map(ROLE_MESSAGES.unknownRole) } });
  const { users, unassignable, refusals } = await checkSelection(source, form.ids);
  if (refusals.length > 0) return refused({ formErrors: refusals });

  const stillRunning: FormOutcome = { title: ROLE_MESSAGES.bulkTitle, message: BULK_MESSAGES.stillRunning, lines: [] };
  const once = await runOnce(PURPOSE, token, signedIn.user.id, { now, waitForFirstMs: WAIT_FOR_FIRST_MS, stillRunning }, async () => {
    const lines: ResultLine[] = [];
    const entry = await loadRequiredRolesForPages();
    const notYours = roles.map((role) => roleGrantProblem(signedIn.user.roles, role, entry)).find((problem) => problem !== null);
    for (const user of users) {
      if (notYours) {
        lines.push({ login: user.login, ok: false, reason: notYours });
        continue;
      }
      const change = await assignRoles({ actor: signedIn.user, user: user.id, chosen: roles, assignable, now: now() }, options.timeZone);
      lines.push(change.kind === "saved" ? { login: user.login, ok: true } : { login: change.login ?? user.login, ok: false, reason: change.reason });
    }
    for (const other of unassignable) lines.push({ login: other.label, ok: false, reason: other.reason });
    return resultOutcome(lines);
  });
  if (once.kind === "foreign") return refused({ formErrors: [BULK_MESSAGES.expired] });
  const resultPage = `${source.path}?${new URLSearchParams({ [BULK_FIELDS.result]: token, [BULK_FIELDS.back]: backOf(source, form.back) }).toString()}`;
  return done(once.outcome, { fullAt: resultPage });
}

/** Where the answer goes back to: the form's `back` (read for the answer, also when the form is refused). */
export function bulkBack(source: BulkSource, back: FormDataEntryValue | null): string {
  return backOf(source, typeof back === "string" ? back : null);
}
