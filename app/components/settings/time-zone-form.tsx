import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Button, Group, NativeSelect } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useMemo } from "react";
import type { TimeZoneSource } from "~/lib/time-zone";
import { SETTINGS_INTENTS } from "~/modules/settings/intents";
import { SettingsCard } from "./settings-card";

export const BROWSER_DEFAULT = "Browser default";

interface TimeZoneFormProps {
  inUse: string;
  source: TimeZoneSource;
  choices: string[];
  lastResult: SubmissionResult<string[]> | undefined;
}

const SOURCE_TEXT: Record<TimeZoneSource, string> = {
  preference: "your setting",
  browser: "your browser",
  default: "the portal's default",
};

/** The zone dates are shown in: a stored choice, or the browser's own zone. */
export function TimeZoneForm({ inUse, source, choices, lastResult }: TimeZoneFormProps) {
  const [form, fields] = useForm<{ timeZone: string }>({
    id: "time-zone",
    lastResult,
    defaultValue: { timeZone: source === "preference" ? inUse : "" },
  });
  const options = useMemo(() => [{ value: "", label: BROWSER_DEFAULT }, ...choices.map((zone) => ({ value: zone, label: zone }))], [choices]);
  return (
    <SettingsCard titleId="time-zone-title" title="Time Zone" description={`Dates are shown in ${inUse} (${SOURCE_TEXT[source]}).`}>
      <Form method="post" {...getFormProps(form)} aria-labelledby="time-zone-title">
        <input type="hidden" name="intent" value={SETTINGS_INTENTS.timeZone} />
        <NativeSelect
          key={fields.timeZone.key}
          id={fields.timeZone.id}
          name={fields.timeZone.name}
          label="Time Zone"
          defaultValue={fields.timeZone.initialValue ?? ""}
          data={options}
          error={fields.timeZone.errors?.[0]}
        />
        <Group justify="flex-end" mt="md">
          <Button type="submit">Save</Button>
        </Group>
      </Form>
    </SettingsCard>
  );
}
