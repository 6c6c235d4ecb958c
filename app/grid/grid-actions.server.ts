import { data } from "@remix-run/node";
import { z } from "zod";
import { pagesAllowed } from "~/auth/require-page.server";
import type { SignedIn } from "~/auth/user-session.server";
import { recordRefusedWrite } from "~/db/audit-events.server";
import { refused, type ActionOutcome, type FormValues, type PopUpMessage, type RefusedOutcome } from "~/write-path/action-outcome";
import { answerAction } from "~/write-path/answer-action.server";
import { runAction } from "~/write-path/run-action.server";
import { readSubmission } from "~/write-path/submit-form.server";
import type { GridDefinition, GridState } from "./definition";
import { GRID_ACTION_FIELDS, isShownUnder, YES, type GridActionConfirmation, type GridActionDefinition, type GridActionRefusal } from "./grid-actions";
import { type AllRows, batchesOf } from "./row-batches.server";
import { parseGridUrl, ROW_ID, type ParseContext } from "./url-state";

/** What a grid action's `run` is given: its parsed fields and the rows, each in the user's scope. */
export interface GridActionInput<Context, Value> {
  value: Value;
  /** The selected rows, every matching row, or the one row; empty for a toolbar action. */
  rowIds: string[];
  context: Context;
  signedIn: SignedIn;
  now: Date;
}

/** The server half of a GridActionDefinition: its permission, its schema, its words, its write. */
export interface GridActionHandler<Context, Value = unknown> {
  /** The page permission this write needs besides the grid's own (e.g. changingRoleData). */
  permission: string;
  /**
   * The action's own fields, read once here (decision 0076); the engine's fields (GRID_ACTION_FIELDS)
   * are not part of it. Without one the action has no fields of its own (its rows are the engine's):
   * `run` gets no value.
   */
  schema?: z.ZodType<Value>;
  /** What of a refused form goes back to the page (default all of it): a form with a secret leaves it out. */
  shownAgain?: (values: FormValues) => FormValues;
  /** The spec's words when the write breaks. */
  failure: PopUpMessage;
  /** At most this many rows per submission, the selection or every matching row (default 1,000). */
  maxRows?: number;
  run(input: GridActionInput<Context, Value>): Promise<ActionOutcome>;
}

/**
 * A handler as a grid module lists it: the schema types `run`'s value, and the list holds handlers
 * of different values alike (the engine gives each the value its own schema parsed).
 */
export function gridAction<Context, Value>(handler: GridActionHandler<Context, Value>): GridActionHandler<Context> {
  return handler as GridActionHandler<Context>;
}

/** What the engine needs from the grid module to act on its rows. */
export interface GridActionRows<Context, Row> {
  /** Of these ids, the ones that exist and that the user may see (the provider scope applied here). */
  rowsInScope(ids: readonly string[], context: Context): Promise<string[]>;
  /** Every row matching a state under the user's scope (the grid's `allRows`), and each row's id. */
  allRows(state: GridState, context: Context): AllRows<Row>;
  rowId(row: Row): string;
  /** How rows are named in a confirmation (their keys); the ids when absent. */
  rowLabels?(ids: readonly string[], context: Context): Promise<string[]>;
}

export const DEFAULT_MAX_ROWS = 1_000;
/** Rows named in a confirmation; the rest are counted. */
const CONFIRM_NAMES = 20;

export const GRID_ACTION_MESSAGES = {
  unknown: "This action is not available here. Please reload the page and try again.",
  notAllowed: "You do not have permission to do this.",
  notShown: "This action is not offered on this page. Please open the page that offers it and try again.",
  noRows: "Please select at least one row.",
  badRow: "The row to act on was not valid. Please reload the page and try again.",
  notInScope: "Some of the selected rows are no longer available. Please reload the page and try again.",
  tooMany: (max: number) => `At most ${max} rows can be changed at a time. Please narrow the filters or the selection.`,
} as const;

const REFUSAL_TITLE = "Fail";
/** The schema of an action without fields of its own: it reads only the engine's, which it leaves to the engine. */
const ENGINE_FIELDS_ONLY = z.object({});

function refusedWith(intent: string | null, text: string): RefusedOutcome {
  return refused({ intent, formErrors: [text], message: { title: REFUSAL_TITLE, message: text } });
}

type Rows = { ids: string[] } | { refusal: RefusedOutcome };

async function selectedRows<Context, Row>(
  formData: FormData,
  definition: GridDefinition,
  action: GridActionDefinition,
  max: number,
  rows: GridActionRows<Context, Row>,
  context: Context,
  parseContext: ParseContext,
): Promise<Rows> {
  const intent = action.intent;
  if (action.placement === "toolbar") return { ids: [] };

  if (action.placement === "selection" && action.allMatching && formData.get(GRID_ACTION_FIELDS.all) === YES) {
    // Every row the grid's query matches, read again under this user's scope: never a list from the browser.
    const query = String(formData.get(GRID_ACTION_FIELDS.query) ?? "");
    const { state } = parseGridUrl(definition, new URLSearchParams(query), parseContext);
    const ids: string[] = [];
    for await (const batch of batchesOf(await rows.allRows(state, context))) {
      for (const row of batch) ids.push(rows.rowId(row));
      if (ids.length > max) return { refusal: refusedWith(intent, GRID_ACTION_MESSAGES.tooMany(max)) };
    }
    return ids.length === 0 ? { refusal: refusedWith(intent, GRID_ACTION_MESSAGES.noRows) } : { ids };
  }

  const submitted =
    action.placement === "selection" ? formData.getAll(GRID_ACTION_FIELDS.ids).map(String) : [String(formData.get(GRID_ACTION_FIELDS.row) ?? "")];
  const ids = [...new Set(submitted)];
  if (ids.length > max) return { refusal: refusedWith(intent, GRID_ACTION_MESSAGES.tooMany(max)) };
  if (ids.length === 0 || (ids.length === 1 && ids[0] === ""))
    return { refusal: refusedWith(intent, action.placement === "selection" ? GRID_ACTION_MESSAGES.noRows : GRID_ACTION_MESSAGES.badRow) };
  if (!ids.every((id) => ROW_ID.test(id))) return { refusal: refusedWith(intent, GRID_ACTION_MESSAGES.badRow) };
  const visible = new Set(await rows.rowsInScope(ids, context));
  if (!ids.every((id) => visible.has(id))) return { refusal: refusedWith(intent, GRID_ACTION_MESSAGES.notInScope) };
  return { ids };
}

async function confirmation<Context, Row>(
  formData: FormData,
  action: GridActionDefinition & { confirm: string },
  ids: string[],
  rows: GridActionRows<Context, Row>,
  context: Context,
): Promise<GridActionConfirmation> {
  const named = ids.slice(0, CONFIRM_NAMES);
  const labels = rows.rowLabels ? await rows.rowLabels(named, context) : named;
  const fields: [string, string][] = [];
  for (const [name, value] of formData) {
    if (typeof value === "string" && name !== GRID_ACTION_FIELDS.confirmed) fields.push([name, value]);
  }
  return { kind: "confirm", intent: action.intent, question: action.confirm, rows: labels, more: ids.length - named.length, fields };
}

/** The one row a form names (a row's own button), null for a selection or a toolbar action. */
function submittedRowOf(formData: FormData): string | null {
  const row = formData.get(GRID_ACTION_FIELDS.row);
  return typeof row === "string" && ROW_ID.test(row) ? row : null;
}

/** A refusal as the grid shows it: in the form it came from (a detail row), or as the grid's alert. */
function gridRefusal(formData: FormData, outcome: RefusedOutcome): GridActionRefusal {
  const error: Record<string, string[]> = { ...outcome.fieldErrors };
  if (outcome.formErrors.length > 0) error[""] = outcome.formErrors;
  const row = formData.get(GRID_ACTION_FIELDS.row);
  return {
    kind: "refused",
    intent: outcome.intent ?? null,
    row: typeof row === "string" && ROW_ID.test(row) ? row : null,
    result: { status: "error", initialValue: outcome.values ?? null, error },
    message: outcome.message,
  };
}

export interface ActOnGridInput<Context, Row> {
  request: Request;
  formData: FormData;
  signedIn: SignedIn;
  definition: GridDefinition;
  handlers: Readonly<Record<string, GridActionHandler<Context>>>;
  rows: GridActionRows<Context, Row>;
  context: Context;
  parseContext: ParseContext;
  now?: Date;
}

/**
 * A grid page's action (DESIGN §6): the intent names one of the definition's actions; its own
 * permission, the rows (checked in scope, or read again for 'all matching'), the confirmation when
 * it asks first, and its schema come before its write; the outcome is answered the one way
 * (answerAction), back to the grid page the form came from.
 */
export async function actOnGrid<Context, Row>(input: ActOnGridInput<Context, Row>) {
  const { formData, definition, context } = input;
  const back = String(formData.get(GRID_ACTION_FIELDS.returnTo) ?? "");
  const answer = (outcome: ActionOutcome) =>
    answerAction(formData, outcome, { back, fallback: definition.path, refusedBody: (refusal: RefusedOutcome) => gridRefusal(formData, refusal) });

  const intent = String(formData.get(GRID_ACTION_FIELDS.intent) ?? "");
  const action = definition.actions?.find((candidate) => candidate.intent === intent);
  const handler = action ? input.handlers[intent] : undefined;
  if (!action || !handler) return answer(refusedWith(null, GRID_ACTION_MESSAGES.unknown));
  // The page's address, not a form field: an action only a trust=Y page offers is refused from any other.
  const params = Object.fromEntries(new URL(input.request.url).searchParams);
  if (!isShownUnder(action, params)) return answer(refusedWith(intent, GRID_ACTION_MESSAGES.notShown));

  const allowed = await pagesAllowed(input.signedIn, [handler.permission]);
  if (!allowed[handler.permission]) {
    // Who tried what: an event of its own (decision 0087); the refused write itself writes nothing.
    await recordRefusedWrite({
      actor: input.signedIn.user.login,
      action: intent,
      entity: definition.auditEntity ?? definition.id,
      entityId: submittedRowOf(formData),
      message: GRID_ACTION_MESSAGES.notAllowed,
      permission: handler.permission,
    });
    return answer(refusedWith(intent, GRID_ACTION_MESSAGES.notAllowed));
  }

  const max = handler.maxRows ?? DEFAULT_MAX_ROWS;
  const rows = await selectedRows(formData, definition, action, max, input.rows, context, input.parseContext);
  if ("refusal" in rows) return answer(rows.refusal);

  const submission = readSubmission(formData, handler.schema ?? ENGINE_FIELDS_ONLY, { intent, shownAgain: handler.shownAgain });
  if (submission.kind === "refused") return answer(submission.outcome);

  if (action.confirm && formData.get(GRID_ACTION_FIELDS.confirmed) !== YES) {
    const asked = await confirmation(formData, { ...action, confirm: action.confirm }, rows.ids, input.rows, context);
    return data(asked, { headers: { "Cache-Control": "no-store" } });
  }

  const value = submission.value;
  const outcome = await runAction(() => handler.run({ value, rowIds: rows.ids, context, signedIn: input.signedIn, now: input.now ?? new Date() }), {
    failure: handler.failure,
    logAs: `The grid action ${definition.id}/${intent} failed`,
  });
  return answer(submission.settle(outcome));
}
