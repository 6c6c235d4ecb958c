import { Alert, List } from "@mantine/core";
import { REFUSAL_TITLE } from "~/modules/resend/vocabulary";

/** Why the selection (or the submitted form) cannot be resent. */
export function RefusalAlert({ refusals }: { refusals: readonly string[] }) {
  if (refusals.length === 0) return null;
  return (
    <Alert color="red" variant="light" title={REFUSAL_TITLE} role="alert">
      <List size="sm" spacing={2}>
        {refusals.map((refusal) => (
          <List.Item key={refusal}>{refusal}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
