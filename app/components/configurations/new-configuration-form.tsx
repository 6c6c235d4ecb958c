import { Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { FIELDS } from "~/modules/configurations/editor-values";
import { ConfigurationFields } from "./configuration-fields";
import type { ConfigurationFormAnswer } from "./form-answer";

/** Add Configuration's fields and buttons, inside the page's form or the dialog's fetcher form. */
export function NewConfigurationFields({ answer, returnTo, buttons }: { answer: ConfigurationFormAnswer | null; returnTo: string; buttons: ReactNode }) {
  return (
    <Stack gap="md">
      <input type="hidden" name={FIELDS.returnTo} value={returnTo} />
      <ConfigurationFields detail={null} answer={answer} editable />
      {buttons}
    </Stack>
  );
}
