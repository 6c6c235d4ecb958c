import { ErrorLinesAlert } from "~/components/error-lines-alert";
import { ROLE_MESSAGES } from "~/modules/user-roles/role-rules";

/** Why a bulk role assignment was refused, above its form. */
export function BulkRefusals({ lines }: { lines: readonly string[] }) {
  return <ErrorLinesAlert title={ROLE_MESSAGES.failedTitle} lines={lines} />;
}
