import type { SubmissionResult } from "@conform-to/react";
import { Form, useFormAction } from "@remix-run/react";
import type { ReactNode } from "react";
import type { GridDefinition } from "~/grid/definition";
import { actionsIn, GRID_ACTION_FIELDS, refusalFor, type GridActionAnswer, type GridActionDefinition } from "~/grid/grid-actions";
import type { GridRow, GridView } from "~/grid/grid-view";
import type { GridBulkAction } from "./bulk-action";
import { GridActionConfirmationPanel, GridActionRefusalAlert } from "./grid-action-answer";

/* The grid's props and the parts its plain table (static-grid.tsx) and its hydrated table (interactive-grid.tsx) share. */

/** What the expanded row's forms need from the grid: where to come back to, and their last refusal. */
export interface DetailActionContext {
  /** The grid page (path and query) a detail action's form comes back to. */
  returnTo: string;
  /** The last refusal of a detail action on this row: its form's errors in place (conform's lastResult). */
  lastResult?: SubmissionResult<string[]>;
  /** The intent of that refusal, when the row has several forms. */
  lastIntent?: string | null;
  /** The intents of the grid's actions this user may use. */
  allowed: readonly string[];
}

export interface DataGridProps<Detail> {
  definition: GridDefinition;
  view: GridView<Detail>;
  /** The expanded row's panel (the loader fetched its details); without it rows do not expand. */
  renderDetail?: (detail: Detail, row: GridRow, actions: DetailActionContext) => ReactNode;
  /** The grid page action's last answer (useActionData): a refusal or a confirmation of a grid action. */
  answer?: GridActionAnswer | null;
  bulk?: GridBulkAction;
  /** A line under the toolbar, e.g. 'Grayed rows are test shops.' */
  note?: string;
  /**
   * With JavaScript, a link cell opens this dialog over the grid instead of leaving it (the detail
   * views); a modified click (new tab) and the page without JavaScript follow the link.
   */
  linkDialog?: (props: { href: string | null; onClose: () => void }) => ReactNode;
}

export const NO_ACTIONS: readonly string[] = [];

/** The grid's actions this user may use, by where they show (grid-actions.ts). */
export function gridActions(definition: GridDefinition, allowed: readonly string[], params: Readonly<Record<string, string>>) {
  return {
    toolbar: actionsIn(definition.actions, "toolbar", allowed, params),
    selection: actionsIn(definition.actions, "selection", allowed, params),
    row: actionsIn(definition.actions, "row", allowed, params),
  };
}

/**
 * The form the row checkboxes belong to: the bulk action's, or the selection's own (for selection
 * actions, or for a grid whose rows are selectable before any action uses them).
 */
export function selectionFormIdOf(
  definition: GridDefinition,
  bulk: GridBulkAction | undefined,
  selection: readonly GridActionDefinition[],
): string | undefined {
  return bulk?.formId ?? (selection.length > 0 || definition.selectableRows ? `${definition.id}-selection` : undefined);
}

/** The detail context of the expanded row: the last refusal of a detail action goes back to its form. */
export function detailContext(
  definition: GridDefinition,
  answer: GridActionAnswer | null | undefined,
  rowId: string,
  returnTo: string,
  allowed: readonly string[],
): DetailActionContext {
  const isDetailRefusal = answer?.kind === "refused" && definition.actions?.some((action) => action.intent === answer.intent && action.placement === "detail");
  return {
    returnTo,
    allowed,
    lastResult: isDetailRefusal ? refusalFor(answer, rowId) : undefined,
    lastIntent: isDetailRefusal && answer?.kind === "refused" ? answer.intent : undefined,
  };
}

/** Over the grid: a refused button's message, or the question of an action that asks first. */
export function ActionAnswer({
  definition,
  answer,
  returnTo,
  asDialog,
}: {
  definition: GridDefinition;
  answer: GridActionAnswer | null | undefined;
  returnTo: string;
  asDialog: boolean;
}) {
  if (!answer) return null;
  if (answer.kind === "confirm")
    return <GridActionConfirmationPanel key={answer.fields.join()} confirmation={answer} returnTo={returnTo} asDialog={asDialog} />;
  const inDetail = definition.actions?.some((action) => action.intent === answer.intent && action.placement === "detail");
  return inDetail ? null : <GridActionRefusalAlert refusal={answer} />;
}

/**
 * The selection's form: the row checkboxes belong to it; rows selected on other pages travel as
 * hidden ids. It is the bulk action's (its target and method) when the grid has one; selection
 * actions' buttons post to the grid page whatever the form's own target.
 */
export function SelectionForm({
  bulk,
  formId,
  returnTo,
  query,
  offPageIds,
}: {
  bulk: GridBulkAction | undefined;
  formId: string | undefined;
  returnTo: string;
  /** The grid's query, for selection actions that may act on every matching row. */
  query: string | null;
  offPageIds: readonly string[];
}) {
  const ownAction = useFormAction();
  if (formId === undefined) return null;
  return (
    <Form id={formId} method={bulk?.method ?? "post"} action={bulk?.action ?? ownAction} hidden>
      <input type="hidden" name={GRID_ACTION_FIELDS.returnTo} value={returnTo} />
      {query !== null ? <input type="hidden" name={GRID_ACTION_FIELDS.query} value={query} /> : null}
      {offPageIds.map((id) => (
        <input key={id} type="hidden" name={GRID_ACTION_FIELDS.ids} value={id} />
      ))}
    </Form>
  );
}
