import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Button, Group, NativeSelect } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useMemo } from "react";
import { SETTINGS_INTENTS } from "~/modules/settings/intents";
import type { PreferredLocation } from "~/platform/preferences/preference-values";
import { SettingsCard } from "./settings-card";

export const PREFERRED_LOCATION_TITLE = "Select Preferred Location";
export const AVAILABLE_LOCATIONS_LABEL = "Available Location(s)";

interface PreferredLocationFormProps {
  current: PreferredLocation | null;
  choices: PreferredLocation[];
  lastResult: SubmissionResult<string[]> | undefined;
}

/** The spec's preferred location form: a required dropdown and Save (validated on the server). */
export function PreferredLocationForm({ current, choices, lastResult }: PreferredLocationFormProps) {
  const [form, fields] = useForm<{ shopId: string }>({
    id: "preferred-location",
    lastResult,
    defaultValue: { shopId: current ? String(current.shopId) : "" },
  });
  const options = useMemo(
    () => [
      { value: "", label: "Select a location" },
      ...choices.map((choice) => ({ value: String(choice.shopId), label: `${choice.shopName} (${choice.shopId})` })),
    ],
    [choices],
  );
  return (
    <SettingsCard
      titleId="preferred-location-title"
      title={PREFERRED_LOCATION_TITLE}
      description={current ? `Your preferred location is ${current.shopName} (${current.shopId}).` : "You have no preferred location yet."}
    >
      <Form method="post" {...getFormProps(form)} aria-labelledby="preferred-location-title">
        <input type="hidden" name="intent" value={SETTINGS_INTENTS.preferredLocation} />
        <NativeSelect
          key={fields.shopId.key}
          id={fields.shopId.id}
          name={fields.shopId.name}
          label={AVAILABLE_LOCATIONS_LABEL}
          required
          defaultValue={fields.shopId.initialValue ?? ""}
          data={options}
          error={fields.shopId.errors?.[0]}
        />
        <Group justify="flex-end" mt="md">
          <Button type="submit">Save</Button>
        </Group>
      </Form>
    </SettingsCard>
  );
}
