import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ErrorLinesAlert } from "~/components/error-lines-alert";
import { MaskedInput } from "~/forms/masked-input";
import { PROVIDERS_PATH } from "~/modules/providers/grid";
import type { ProviderChoices } from "~/modules/providers/provider-choices";
import { newProviderSchema, PROVIDER_ID_MASK } from "~/modules/providers/provider-rules";
import { ADD_PROVIDER_TITLE as TITLE } from "~/modules/providers/provider-save-messages";
import { CREATE_FORM_FIELDS } from "~/write-path/create-form";
import { textFieldProps } from "./field-props";
import { ProviderCoreFields } from "./provider-core-fields";

/**
 * 'Add new provider' (platform spec §5 New provider): the spec's messages under each field, in the
 * browser as the user leaves a field and on the server again; a duplicate id or code is the
 * server's answer. Without JavaScript the page posts and comes back with the errors in place. The
 * form carries its one-time token: a repeated POST of it adds nothing (decision 0079).
 */
export function NewProviderForm({
  choices,
  token,
  lastResult,
}: {
  choices: ProviderChoices;
  token: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "new-provider",
    lastResult,
    defaultValue: { version: "2.0", routings: [] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newProviderSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const text = (field: Parameters<typeof textFieldProps>[0]) => ({ key: field.key, size: "sm" as const, ...textFieldProps(field) });
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>{TITLE}</Title>
      <Form method="post" {...getFormProps(form)} aria-label={TITLE}>
        <Stack gap="md">
          <input type="hidden" name={CREATE_FORM_FIELDS.token} value={token} />
          <ErrorLinesAlert title="Fail" lines={form.errors ?? []} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
            <MaskedInput mask={PROVIDER_ID_MASK} label="Provider Id" withAsterisk {...text(fields.providerId)} />
            <TextInput label="Provider Name" withAsterisk {...text(fields.providerName)} />
            <TextInput label="Provider Type" withAsterisk {...text(fields.providerType)} />
            <TextInput label="Provider Code" withAsterisk {...text(fields.providerCd)} />
            <TextInput label="Version" withAsterisk {...text(fields.version)} />
          </SimpleGrid>
          <ProviderCoreFields
            form={form}
            fields={fields}
            choices={choices}
            disabled={false}
            beforeRoutings={<Textarea label="Notes" autosize minRows={2} maxRows={6} {...text(fields.notes)} />}
          />
          <Group>
            <Button variant="default" component={Link} to={PROVIDERS_PATH}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
