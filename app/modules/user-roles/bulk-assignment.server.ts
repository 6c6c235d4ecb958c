import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { pathAndBelow, safeReturnTo } from "~/auth/return-to";
import type { SignedIn } from "~/auth/user-session.server";
import { done, refused, type ActionOutcome } from "~/lib/action-outcome";
import { ROW_ID } from "~/grid/url-state";
import { checkFormToken, finishedOutcome, newFormToken, runOnce, WAIT_FOR_FIRST_MS, type FormOutcome } from "~/modules/forms/one-time-form.server";
import { assignRoles } from "./assign-roles.server";
import { BULK_FIELDS, MAX_BULK_USERS, type BulkAssignmentPageData, type BulkUserView } from "./bulk-assignment";
import { portalUsersQuery } from "./directory-query.server";
import { BULK_ASSIGNMENT_PATH, USER_ROLES_PATH } from "./grid";
import { assignableRoles } from "./role-options.server";
import { ROLE_MESSAGES, unknownRoles } from "./role-rules";

const PURPOSE = "roleAssignment";
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const BULK_MESSAGES = {
  noUsers: "Please select at least one user.",
  tooMany: `At most ${MAX_BULK_USERS} users can be assigned roles at a time. Please select fewer users.`,
  badIds: "The selection was not valid. Please reload the page and try again.",
  missing: (count: number) => `${count} of the selected users are no longer active portal users; please reload the page and select again.`,
  expired: "This form has expired or was not issued to you. Please open Available Actions again.",
  stillRunning: "The role assignment is still running. Its result will show when it is done.",
  broken: { title: ROLE_MESSAGES.failedTitle, message: "The role assignment could not be completed. Please try again." },
} as const;

/** Back to the grid the selection was made on (User Roles, or Applications once it assigns too). */
export function bulkBack(value: FormDataEntryValue | null | undefined): string {
  return safeReturnTo(typeof value === "string" ? value : null, USER_ROLES_PATH, pathAndBelow("/admin"));
}

function requestedIds(values: readonly FormDataEntryValue[]): string[] | null {
  const ids = [...new Set(values.map(String))];
  return ids.every((id) => ROW_ID.test(id)) ? ids : null;
}

/** The selected users that are active portal users, in the order selected; and why the selection is refused, if it is. */
async function checkSelection(values: readonly FormDataEntryValue[]): Promise<{ users: BulkUserView[]; refusals: string[] }> {
  const ids = requestedIds(values);
  if (ids === null) return { users: [], refusals: [BULK_MESSAGES.badIds] };
  if (ids.length === 0) return { users: [], refusals: [BULK_MESSAGES.noUsers] };
  if (ids.length > MAX_BULK_USERS) return { users: [], refusals: [BULK_MESSAGES.tooMany] };
  const rows = await portalUsersQuery({}).where("u.id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, { id: row.id, login: row.login, name: [row.firstName, row.lastName].filter(Boolean).join(" ") }]));
  const users = ids.flatMap((id) => byId.get(id) ?? []);
  return { users, refusals: users.length < ids.length ? [BULK_MESSAGES.missing(ids.length - users.length)] : [] };
}

export async function bulkAssignmentPage(signedIn: SignedIn, url: URL): Promise<BulkAssignmentPageData> {
  const back = bulkBack(url.searchParams.get(BULK_FIELDS.back) ?? url.searchParams.get(BULK_FIELDS.returnTo));
  const resultToken = url.searchParams.get(BULK_FIELDS.result);
  if (resultToken && TOKEN.test(resultToken)) {
    const outcome = await finishedOutcome(resultToken, signedIn.user.id);
    if (outcome) return { kind: "result", outcome, back };
  }
  const [{ users, refusals }, assignable] = await Promise.all([checkSelection(url.searchParams.getAll(BULK_FIELDS.ids)), assignableRoles()]);
  return { kind: "form", users, assignable, refusals, token: refusals.length === 0 ? newFormToken(PURPOSE, signedIn.user.id) : null, back };
}

const formSchema = z.object({
  [BULK_FIELDS.token]: z.string().regex(TOKEN),
  [BULK_FIELDS.roles]: z.array(z.string().max(60)).max(30).default([]),
});

/** One line per user: SUCCESS or FAIL, and why it failed. */
function resultOutcome(lines: { login: string; ok: boolean; reason?: string }[]): FormOutcome {
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
 * one-time token), so a double submit assigns once and shows the first result again.
 */
export async function bulkAssignFromForm(signedIn: SignedIn, formData: FormData, now: () => Date = () => new Date(), timeZone = "UTC"): Promise<ActionOutcome> {
  const submission = parseWithZod(formData, { schema: formSchema });
  if (submission.status !== "success") return refused({ formErrors: [BULK_MESSAGES.expired] });
  const { token, roles } = submission.value;
  const check = checkFormToken(PURPOSE, token, signedIn.user.id, now());
  if (check === "invalid") return refused({ formErrors: [BULK_MESSAGES.expired] });
  const assignable = (await assignableRoles()).map((role) => role.code);
  const unknown = unknownRoles(roles, assignable);
  if (unknown.length > 0) return refused({ fieldErrors: { [BULK_FIELDS.roles]: unknown.map(ROLE_MESSAGES.unknownRole) } });
  const { users, refusals } = await checkSelection(formData.getAll(BULK_FIELDS.ids));
  if (refusals.length > 0) return refused({ formErrors: refusals });

  const stillRunning: FormOutcome = { title: ROLE_MESSAGES.bulkTitle, message: BULK_MESSAGES.stillRunning, lines: [] };
  const once = await runOnce(PURPOSE, token, signedIn.user.id, { now, waitForFirstMs: WAIT_FOR_FIRST_MS, stillRunning }, async () => {
    const lines: { login: string; ok: boolean; reason?: string }[] = [];
    for (const user of users) {
      const change = await assignRoles({ actor: signedIn.user, user: user.id, chosen: roles, assignable, now: now() }, timeZone);
      lines.push(change.kind === "saved" ? { login: user.login, ok: true } : { login: change.login ?? user.login, ok: false, reason: change.reason });
    }
    return resultOutcome(lines);
  });
  if (once.kind === "foreign") return refused({ formErrors: [BULK_MESSAGES.expired] });
  const resultPage = `${BULK_ASSIGNMENT_PATH}?${new URLSearchParams({ [BULK_FIELDS.result]: token, [BULK_FIELDS.back]: bulkBack(formData.get(BULK_FIELDS.back)) }).toString()}`;
  return done(once.outcome, { fullAt: resultPage });
}
