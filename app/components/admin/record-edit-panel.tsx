import type { SubmissionResult } from "@conform-to/react";
import { Button, Divider, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ComponentType, ReactNode } from "react";
import { ChangeHistory } from "~/components/admin/change-history";
import { LabelledField } from "~/components/value-item";
import type { DetailActionContext } from "~/grid/components/data-grid";
import { GridActionForm } from "~/grid/components/grid-action-forms";
import type { HistoryEntry } from "~/modules/audit/history";

interface RecordEditPanelProps {
  context: DetailActionContext;
  /** The expanded row's fields shown read-only above the form, label and value. */
  summary: readonly (readonly [string, string])[];
  summaryColumns: number;
  /** The region's name, after 'Details of'. */
  regionLabel: string;
  /** The form's accessible name. */
  formLabel: string;
  /** The History's name, after 'History of'. */
  historyLabel: string;
  /** The Save's intent and the row it saves; `hidden` the form's own hidden fields (the id, the version read). */
  intent: string;
  rowId: string;
  hidden: Readonly<Record<string, string | number>>;
  /** The version read: a new version shows a fresh form. */
  version: string | number;
  /** Why the form is read-only when the user may use Save (an entry that decides access); null otherwise. */
  readOnlyReason?: string | null;
  /** Why the form is read-only for a user who may not write these records. */
  readOnlyText: string;
  /** A Reset button before Save (the form as loaded). */
  withReset?: boolean;
  FormFrame?: ComponentType<{ children: ReactNode }>;
  history: readonly HistoryEntry[];
  /** The form's fields, given whether they are editable and the Save's last refusal on this row. */
  children: (state: { editable: boolean; lastResult: SubmissionResult<string[]> | undefined }) => ReactNode;
}

/**
 * An admin record's expanded row (Configurations, ETL): read-only fields, the inline edit form
 * (Save only for users who may write, the server checks again; no JavaScript needed) and History.
 */
export function RecordEditPanel(props: RecordEditPanelProps) {
  const { context, intent, FormFrame } = props;
  const editable = context.allowed.includes(intent) && (props.readOnlyReason ?? null) === null;
  const lastResult = context.lastIntent === intent ? context.lastResult : undefined;
  const form = (
    <GridActionForm key={props.version} intent={intent} row={props.rowId} returnTo={context.returnTo} label={props.formLabel}>
      {Object.entries(props.hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Stack gap="sm">
        {props.children({ editable, lastResult })}
        {editable ? (
          <Group>
            {props.withReset ? (
              <Button type="reset" variant="default">
                Reset
              </Button>
            ) : null}
            <Button type="submit">Save</Button>
          </Group>
        ) : (
          <Text size="sm" c="gray.7">
            {props.readOnlyReason ?? props.readOnlyText}
          </Text>
        )}
      </Stack>
    </GridActionForm>
  );
  return (
    <Stack gap="sm" role="region" aria-label={`Details of ${props.regionLabel}`}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: props.summaryColumns }} spacing="sm" component="dl" m={0}>
        {props.summary.map(([label, value]) => (
          <LabelledField key={label} label={label} value={value} />
        ))}
      </SimpleGrid>
      <Divider />
      {FormFrame ? <FormFrame>{form}</FormFrame> : form}
      <Divider />
      <ChangeHistory entries={props.history} recordLabel={props.historyLabel} />
    </Stack>
  );
}
