import { Alert, Text } from "@mantine/core";
import { ROLE_MESSAGES } from "~/modules/user-roles/role-rules";

/** Why a bulk role assignment was refused, above its form. */
export function BulkRefusals({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <Alert color="red" title={ROLE_MESSAGES.failedTitle} role="alert">
      {lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Alert>
  );
}

