import { Button, Checkbox, Group } from "@mantine/core";
import { Form, useFormAction } from "@remix-run/react";
import type { FormHTMLAttributes, ReactNode } from "react";
import { GRID_ACTION_FIELDS, isOfferedFor, YES, type GridActionDefinition } from "~/grid/grid-actions";
import type { GridRow } from "~/grid/grid-view";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The forms of a grid's actions (grid-actions.ts). Each posts its intent to the grid page itself
 * (useFormAction: the page's own URL, `?index` for an index route), with the grid page to come
 * back to; without JavaScript they are ordinary forms and submit buttons.
 */

function EngineFields({ intent, returnTo, row }: { intent: string; returnTo: string; row?: string }) {
  return (
    <>
      <input type="hidden" name={GRID_ACTION_FIELDS.intent} value={intent} />
      <input type="hidden" name={GRID_ACTION_FIELDS.returnTo} value={returnTo} />
      {row !== undefined ? <input type="hidden" name={GRID_ACTION_FIELDS.row} value={row} /> : null}
    </>
  );
}

/**
 * A form of a detail action in the expanded row (an inline edit): the screen gives its fields;
 * a refusal comes back to it as `lastResult` (renderDetail's third argument).
 */
export function GridActionForm({
  intent,
  row,
  returnTo,
  label,
  children,
  formProps,
}: {
  intent: string;
  row: string;
  returnTo: string;
  /** The form's accessible name. */
  label: string;
  children: ReactNode;
  /** For a form that validates in the browser (conform's getFormProps) or carries a file. */
  formProps?: Pick<FormHTMLAttributes<HTMLFormElement>, "id" | "onSubmit"> & { encType?: "multipart/form-data" };
}) {
  const action = useFormAction();
  return (
    <Form method="post" action={action} aria-label={label} noValidate {...formProps}>
      <EngineFields intent={intent} returnTo={returnTo} row={row} />
      {children}
    </Form>
  );
}

/** The buttons of the toolbar actions: each its own small form. */
export function ToolbarActions({ actions, returnTo, disabled }: { actions: readonly GridActionDefinition[]; returnTo: string; disabled: boolean }) {
  const formAction = useFormAction();
  if (actions.length === 0) return null;
  return (
    <>
      {actions.map((action) => (
        <Form key={action.intent} method="post" action={formAction} className="portal-grid-inline-form">
          <EngineFields intent={action.intent} returnTo={returnTo} />
          <Button type="submit" size="sm" disabled={disabled}>
            {action.label}
          </Button>
        </Form>
      ))}
    </>
  );
}

/**
 * The selection actions: submit buttons of the grid's selection form (the row checkboxes belong to
 * it), posting to the grid page whatever the form's own target is (formAction, formMethod). With
 * an action that may act on every matching row, a checkbox 'Select all N matching rows'.
 */
export function SelectionActions({
  actions,
  showButtons,
  formId,
  total,
  disabled,
  allMatching,
  onAllMatchingChange,
}: {
  actions: readonly GridActionDefinition[];
  /** With JavaScript the buttons show only once rows are selected. */
  showButtons: boolean;
  formId: string;
  /** Null when a cursor-paged source does not count its rows: every matching row is not offered then. */
  total: number | null;
  disabled: boolean;
  allMatching: boolean;
  onAllMatchingChange?: (checked: boolean) => void;
}) {
  const formAction = useFormAction();
  // Without JavaScript the buttons show before anything is ticked: a plain button, not the page's call to action.
  const hydrated = useHydrated();
  if (actions.length === 0) return null;
  const offersAll = total !== null && total > 0 && actions.some((action) => action.allMatching);
  return (
    <Group gap="xs">
      {offersAll ? (
        <Checkbox
          size="xs"
          name={GRID_ACTION_FIELDS.all}
          value={YES}
          form={formId}
          label={`Select all ${total} matching rows`}
          checked={onAllMatchingChange ? allMatching : undefined}
          onChange={onAllMatchingChange ? (event) => onAllMatchingChange(event.currentTarget.checked) : undefined}
        />
      ) : null}
      {(showButtons ? actions : []).map((action) => (
        <Button
          key={action.intent}
          type="submit"
          size="compact-sm"
          form={formId}
          name={GRID_ACTION_FIELDS.intent}
          value={action.intent}
          formMethod="post"
          formAction={formAction}
          disabled={disabled}
          variant={hydrated ? "filled" : "default"}
        >
          {action.label}
        </Button>
      ))}
    </Group>
  );
}

/** The Actions cell of a row: one small form per row action. */
export function RowActions({
  actions,
  row,
  returnTo,
  disabled,
}: {
  actions: readonly GridActionDefinition[];
  row: GridRow;
  returnTo: string;
  disabled: boolean;
}) {
  const formAction = useFormAction();
  const offered = actions.filter((action) => isOfferedFor(action, row.cells));
  return (
    <Group gap={4} wrap="nowrap">
      {offered.map((action) => (
        <Form key={action.intent} method="post" action={formAction} className="portal-grid-inline-form">
          <EngineFields intent={action.intent} returnTo={returnTo} row={row.id} />
          {Object.entries(row.actionFields ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button
            type="submit"
            size="compact-xs"
            variant="default"
            className="portal-grid-row-action"
            disabled={disabled}
            aria-label={`${action.label} ${row.id}`}
          >
            {action.label}
          </Button>
        </Form>
      ))}
    </Group>
  );
}
