import { Alert, Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { Form, Link, useFormAction } from "@remix-run/react";
import { useState } from "react";
import { GRID_ACTION_FIELDS, YES, type GridActionConfirmation, type GridActionRefusal } from "~/grid/grid-actions";

/** A refused action that has no form of its own to show it (a button): an alert over the grid. */
export function GridActionRefusalAlert({ refusal }: { refusal: GridActionRefusal }) {
  const lines = refusal.message ? [refusal.message.message, ...(refusal.message.lines ?? [])] : Object.values(refusal.result.error ?? {}).flat();
  if (lines.length === 0) return null;
  return (
    <Alert color="red" title={refusal.message?.title ?? "Fail"} role="alert" m="xs">
      {lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Alert>
  );
}

function ConfirmationBody({ confirmation, returnTo }: { confirmation: GridActionConfirmation; returnTo: string }) {
  const formAction = useFormAction();
  return (
    <Stack gap="sm">
      <Text>{confirmation.question}</Text>
      <List size="sm">
        {confirmation.rows.map((label) => (
          <List.Item key={label}>{label}</List.Item>
        ))}
      </List>
      {confirmation.more > 0 ? <Text size="sm">{`and ${confirmation.more} more`}</Text> : null}
      <Form method="post" action={formAction}>
        {confirmation.fields.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={GRID_ACTION_FIELDS.confirmed} value={YES} />
        <Group justify="flex-end">
          <Button component={Link} to={returnTo} variant="default">
            Cancel
          </Button>
          <Button type="submit">Confirm</Button>
        </Group>
      </Form>
    </Stack>
  );
}

/**
 * An action that asks first: the question and the rows, Cancel and Confirm. A panel over the grid
 * without JavaScript, a dialog with it.
 */
export function GridActionConfirmationPanel({
  confirmation,
  returnTo,
  asDialog,
}: {
  confirmation: GridActionConfirmation;
  returnTo: string;
  asDialog: boolean;
}) {
  const [opened, setOpened] = useState(true);
  if (asDialog) {
    return (
      <Modal opened={opened} onClose={() => setOpened(false)} title="Please confirm" centered>
        <ConfirmationBody confirmation={confirmation} returnTo={returnTo} />
      </Modal>
    );
  }
  return (
    <Alert color="yellow" title="Please confirm" m="xs" role="alertdialog" aria-label="Please confirm">
      <ConfirmationBody confirmation={confirmation} returnTo={returnTo} />
    </Alert>
  );
}
