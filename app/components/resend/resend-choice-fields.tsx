import { Checkbox, Stack } from "@mantine/core";
import { FormButtons } from "~/components/form-buttons";
import { RESEND_FIELDS, RESPOND_WITH_DIALOG } from "~/modules/resend/form-fields";
import { RESEND_DIAGNOSTIC_REPORT_LABEL, RESEND_INVOICE_LABEL } from "~/modules/resend/vocabulary";

interface ResendChoiceFieldsProps {
  ids: readonly string[];
  token: string;
  back: string;
  /** The modal asks for data for its pop-up; the page for a redirect back to the grid. */
  respondWithDialog?: boolean;
  /** Without: Cancel is a link back to the grid. */
  onCancel?: () => void;
  busy?: boolean;
}

/** The inside of the resend form: the selection and token as hidden fields, the two choices, Cancel and Confirm. */
export function ResendChoiceFields({ ids, token, back, respondWithDialog = false, onCancel, busy = false }: ResendChoiceFieldsProps) {
  return (
    <Stack gap="md">
      {ids.map((id) => (
        <input key={id} type="hidden" name={RESEND_FIELDS.ids} value={id} />
      ))}
      <input type="hidden" name={RESEND_FIELDS.token} value={token} />
      <input type="hidden" name={RESEND_FIELDS.back} value={back} />
      {respondWithDialog ? <input type="hidden" name={RESEND_FIELDS.respond} value={RESPOND_WITH_DIALOG} /> : null}
      <Checkbox name={RESEND_FIELDS.diagnosticReport} label={RESEND_DIAGNOSTIC_REPORT_LABEL} defaultChecked />
      <Checkbox name={RESEND_FIELDS.invoice} label={RESEND_INVOICE_LABEL} />
      <FormButtons submitLabel="Confirm" back={back} onCancel={onCancel} busy={busy} />
    </Stack>
  );
}
