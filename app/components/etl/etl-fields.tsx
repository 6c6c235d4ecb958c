import { Alert, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { configurationFormAnswer, errorLines, type ConfigurationFormAnswer } from "~/components/configurations/form-answer";
import { ErrorLinesAlert } from "~/components/error-lines-alert";
import { MaskedInput } from "~/forms/masked-input";
import { valueText } from "~/modules/configurations/editor-values";
import type { EtlDetail } from "~/modules/etl/detail";
import { ETL_BATCH_ID_MASK, ETL_FIELDS, ETL_MESSAGES, ETL_TEXT_FIELDS, MAX_TEXT, type EtlTextField } from "~/modules/etl/etl-form";

/** An ETL form's last answer (what it sent and its errors by field), the same shape as a configuration form's. */
export type EtlFormAnswer = ConfigurationFormAnswer;
export const etlFormAnswer = configurationFormAnswer;

const TEXT_NAMES = Object.keys(ETL_TEXT_FIELDS) as EtlTextField[];

/** Where a field starts: the last answer's value when there is one, else the stored one. */
function startOf(detail: EtlDetail | null, answer: EtlFormAnswer | null, name: EtlTextField | "etlBatchId"): string {
  if (answer?.values) return valueText(answer.values, name) ?? "";
  return detail?.[name] ?? "";
}

/**
 * The ETL variable's editable fields (dashboards spec §3, §5), for the expanded row and for Add New
 * Etl Variable: the text fields and Batch Id (digits). A refusal shows its words above them ('Error'
 * with 'No inputs...') and each field's under it. Disabled for a user who may not write.
 */
export function EtlFields({ detail, answer, editable }: { detail: EtlDetail | null; answer: EtlFormAnswer | null; editable: boolean }) {
  const errors = answer?.errors ?? {};
  const formLines = errors[""] ?? [];
  const fieldLines = errorLines(answer).filter((line) => !formLines.includes(line));
  return (
    <Stack gap="sm">
      <ErrorLinesAlert title={ETL_MESSAGES.noInputsTitle} lines={formLines} />
      {formLines.length === 0 && fieldLines.length > 0 ? (
        <Alert color="red" title="Fail" role="alert">
          <Text size="sm">Please correct the fields below.</Text>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        {TEXT_NAMES.map((name) => (
          <TextInput
            key={name}
            name={name}
            label={ETL_TEXT_FIELDS[name]}
            defaultValue={startOf(detail, answer, name)}
            error={errors[name]?.[0]}
            disabled={!editable}
            maxLength={MAX_TEXT}
          />
        ))}
        <MaskedInput
          mask={ETL_BATCH_ID_MASK}
          name={ETL_FIELDS.etlBatchId}
          label="Batch Id"
          defaultValue={startOf(detail, answer, "etlBatchId")}
          error={errors[ETL_FIELDS.etlBatchId]?.[0]}
          disabled={!editable}
        />
      </SimpleGrid>
    </Stack>
  );
}
