import type { SubmissionResult } from "@conform-to/react";

/**
 * A grid's writes (decision 0026), as the browser sees them: client-safe. Each is an `intent`
 * posted to the grid's own page, answered by the grid module's `act` (define-grid.server.ts),
 * which checks the action's own permission and its zod schema before anything is written.
 *
 * - `toolbar`: a button above the table, for the whole grid (e.g. a refresh job);
 * - `selection`: a button for the selected rows (e.g. Delete Configuration), which may allow
 *   every row matching the grid's query ('Select all N');
 * - `row`: a button in each row's Actions cell (e.g. Resend, DeRegister);
 * - `detail`: a form in the expanded row (an inline edit), whose refusal comes back to that form
 *   with its errors in place.
 */
export type GridActionPlacement = "toolbar" | "selection" | "row" | "detail";

export interface GridActionDefinition {
  intent: string;
  label: string;
  placement: GridActionPlacement;
  /** Selection only: may act on every row that matches the grid's query, across pages. */
  allMatching?: boolean;
  /** Asked before acting (e.g. 'Delete the selected configurations?'); the rows are named under it. */
  confirm?: string;
  /**
   * Offered only while the grid's URL parameter has this value (the registrations' trust=Y). It
   * grants nothing: the server still checks the action's permission, and refuses a post whose
   * address lacks the parameter, since no page showed it that action.
   */
  shownWhen?: { param: string; value: string };
  /**
   * Row only: offered only on rows whose cell in this column shows this value (DeRegister on an
   * Active registration). The row's own command refuses the others with its reason.
   */
  offeredOn?: { column: string; value: string };
}

/** The fields every grid action's form sends besides its own. */
export const GRID_ACTION_FIELDS = {
  intent: "intent",
  /** The selected rows (selection), repeated. */
  ids: "ids",
  /** The row acted on (row and detail). */
  row: "row",
  /** `yes`: every row matching `query` instead of `ids`. */
  all: "all",
  /** The grid's canonical query the selection was made in (without "?"). */
  query: "query",
  /** `yes` once the user confirmed an action that asks first. */
  confirmed: "confirmed",
  /** The grid page to come back to. */
  returnTo: "returnTo",
} as const;

export const YES = "yes";

/** A grid action refused: the errors for the form it came from (conform's reply), and which row. */
export interface GridActionRefusal {
  kind: "refused";
  intent: string | null;
  row: string | null;
  result: SubmissionResult<string[]>;
  /** The refusal's words when it has no form to show them in (a button). */
  message?: { title: string; message: string; lines?: string[] };
}

/** An action that asks first: the question, the rows it would act on, and the fields to send again. */
export interface GridActionConfirmation {
  kind: "confirm";
  intent: string;
  question: string;
  /** How the rows are named (their keys), at most a screenful; `more` counts the rest. */
  rows: string[];
  more: number;
  /** The submitted fields, to post again with `confirmed=yes`. */
  fields: [string, string][];
}

/** What a grid page's action answers when it does not redirect (see answerGridAction). */
export type GridActionAnswer = GridActionRefusal | GridActionConfirmation;

export function isGridActionAnswer(value: unknown): value is GridActionAnswer {
  if (typeof value !== "object" || value === null) return false;
  const kind = (value as { kind?: unknown }).kind;
  return kind === "refused" || kind === "confirm";
}

/** The last refusal of a detail action on this row: its form's `lastResult`. */
export function refusalFor(answer: GridActionAnswer | null | undefined, rowId: string): SubmissionResult<string[]> | undefined {
  return answer?.kind === "refused" && answer.row === rowId ? answer.result : undefined;
}

/** Whether an action is offered under the grid's current parameters (GridActionDefinition.shownWhen). */
export function isShownUnder(action: GridActionDefinition, params: Readonly<Record<string, string>>): boolean {
  return !action.shownWhen || params[action.shownWhen.param] === action.shownWhen.value;
}

/** Whether a row action can act on this row (GridActionDefinition.offeredOn). */
export function isOfferedFor(action: GridActionDefinition, cells: Readonly<Record<string, string>>): boolean {
  return !action.offeredOn || cells[action.offeredOn.column] === action.offeredOn.value;
}

export function actionsIn(
  actions: readonly GridActionDefinition[] | undefined,
  placement: GridActionPlacement,
  allowed: readonly string[],
  params: Readonly<Record<string, string>> = {},
) {
  return (actions ?? []).filter((action) => action.placement === placement && allowed.includes(action.intent) && isShownUnder(action, params));
}
