import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Checkbox, Divider, Group, Image, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { ChangeHistory } from "~/components/admin/change-history";
import { ErrorLinesAlert } from "~/components/error-lines-alert";
import { LabelledField } from "~/components/value-item";
import { MaskedInput } from "~/forms/masked-input";
import type { DetailActionContext } from "~/grid/components/data-grid";
import { GridActionForm } from "~/grid/components/grid-action-forms";
import { useHydrated } from "~/lib/use-hydrated";
import { SAVE_PROVIDER_INTENT } from "~/modules/providers/grid";
import { PROVIDER_FORM_FIELDS, type ProviderRowDetail } from "~/modules/providers/provider-detail";
import {
  isValidRegistrationConfig,
  MAX_VIN_BILLING_INTERVAL_DAYS,
  PROVIDER_MESSAGES,
  providerEditSchema,
  VIN_INTERVAL_MASK,
} from "~/modules/providers/provider-rules";
import { textFieldProps } from "./field-props";
import { LogoField } from "./logo-field";
import { ProviderCoreFields } from "./provider-core-fields";
import { providerFormDefaults } from "./provider-defaults";

/**
 * What holds Save back as the user types (spec §5): an interval above 365 days, a registration
 * configuration that is not JSON. The server refuses them too.
 */
function liveProblems(interval: unknown, registration: unknown): { interval?: string; registration?: string } {
  const days = Number(typeof interval === "string" ? interval.trim() : "");
  return {
    interval: days > MAX_VIN_BILLING_INTERVAL_DAYS ? PROVIDER_MESSAGES.interval : undefined,
    registration: isValidRegistrationConfig(typeof registration === "string" ? registration : "") ? undefined : PROVIDER_MESSAGES.registrationJson,
  };
}

/**
 * A provider expanded (platform spec §2 Providers screen, §3 Provider, §5): every field of the
 * provider in one form with its logo, editable only with changingProviderData (the server checks
 * again), and its History. The form is multipart: Save stores a chosen logo after the fields.
 */
export function ProviderPanel({ detail, context }: { detail: ProviderRowDetail; context: DetailActionContext }) {
  const editable = context.allowed.includes(SAVE_PROVIDER_INTENT);
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: `provider-${detail.providerId}`,
    lastResult: context.lastIntent === SAVE_PROVIDER_INTENT ? context.lastResult : undefined,
    defaultValue: providerFormDefaults(detail),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: providerEditSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const disabled = !editable;
  const live = hydrated ? liveProblems(fields.vinBillingIntervalDays.value, fields.registrationConfig.value) : {};
  const heldBack = live.interval !== undefined || live.registration !== undefined;
  const text = (field: Parameters<typeof textFieldProps>[0]) => ({ key: field.key, size: "xs" as const, disabled, ...textFieldProps(field) });
  const name = detail.providerName;
  return (
    <Stack gap="sm" role="region" aria-label={`Details of provider ${name}`}>
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="sm" component="dl" m={0}>
        <LabelledField label="Provider Id" value={String(detail.providerId)} />
        <LabelledField label="Status" value={detail.status} />
        <LabelledField label="Created By" value={detail.createdBy} />
        <LabelledField label="Created Date" value={detail.createdDateTime} />
        <LabelledField label="Updated By" value={detail.updatedBy} />
        <LabelledField label="Updated Date" value={detail.updatedDateTime} />
      </SimpleGrid>
      <Divider />
      <GridActionForm
        intent={SAVE_PROVIDER_INTENT}
        row={String(detail.providerId)}
        returnTo={context.returnTo}
        label={`Provider ${name}`}
        formProps={{ ...getFormProps(form), encType: "multipart/form-data" }}
      >
        <input type="hidden" name={PROVIDER_FORM_FIELDS.rowVersion} value={detail.version} />
        <Stack gap="sm">
          <ErrorLinesAlert title="Fail" lines={form.errors ?? []} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
            <TextInput label="Provider Name" withAsterisk {...text(fields.providerName)} />
            <TextInput label="Provider Type" withAsterisk {...text(fields.providerType)} />
            <TextInput label="Provider Code" withAsterisk {...text(fields.providerCd)} />
            <TextInput label="Version" withAsterisk {...text(fields.version)} />
            <TextInput label="Product Codes" description="Separated by commas" {...text(fields.productCodes)} />
            <MaskedInput
              mask={VIN_INTERVAL_MASK}
              label="VIN Billing Interval Days"
              {...text(fields.vinBillingIntervalDays)}
              error={live.interval ?? fields.vinBillingIntervalDays.errors?.[0]}
            />
            <TextInput label="Phone" {...text(fields.phone)} />
            <TextInput label="Fax" {...text(fields.fax)} />
            <TextInput label="Address" {...text(fields.address)} />
            <TextInput label="City" {...text(fields.city)} />
            <TextInput label="State" {...text(fields.state)} />
            <TextInput label="Zip" {...text(fields.zip)} />
            <TextInput label="Country" {...text(fields.country)} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
            <Textarea label="Notes" autosize minRows={2} maxRows={6} {...text(fields.notes)} />
            <Textarea
              label="Registration Configuration"
              description="JSON, or empty"
              autosize
              minRows={2}
              maxRows={8}
              styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
              {...text(fields.registrationConfig)}
              error={live.registration ?? fields.registrationConfig.errors?.[0]}
            />
          </SimpleGrid>
          <ProviderCoreFields form={form} fields={fields} scanPerformTypes={fields.scanPerformTypes} choices={detail.choices} disabled={disabled} />
          <Group align="flex-end" gap="lg">
            {detail.logoHref ? <Image src={detail.logoHref} alt={`Logo of ${name}`} h={56} w="auto" fit="contain" /> : <Text size="sm">No logo.</Text>}
            {editable ? (
              <LogoField
                name={PROVIDER_FORM_FIELDS.logoFile}
                ariaLabel={`New logo of ${name}`}
                serverError={form.allErrors[PROVIDER_FORM_FIELDS.logoFile]?.[0]}
              />
            ) : null}
          </Group>
          <Checkbox
            key={fields.isActive.key}
            name={fields.isActive.name}
            label="Activate"
            defaultChecked={fields.isActive.initialValue === "on"}
            disabled={disabled}
          />
          {editable ? (
            <Group>
              <Button type="submit" size="sm" disabled={heldBack}>
                Save
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="gray.7">
              The provider is read-only: changing it needs the changingProviderData permission.
            </Text>
          )}
        </Stack>
      </GridActionForm>
      <Divider />
      <ChangeHistory entries={detail.history} recordLabel={name} />
    </Stack>
  );
}
