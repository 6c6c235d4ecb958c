import { Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { ETL_FIELDS } from "~/modules/etl/etl-form";
import { EtlFields, type EtlFormAnswer } from "./etl-fields";

/** Add New Etl Variable's fields and buttons, inside the page's form or the dialog's fetcher form, with the form's one-time token. */
export function NewEtlFields({ answer, returnTo, token, buttons }: { answer: EtlFormAnswer | null; returnTo: string; token: string; buttons: ReactNode }) {
  return (
    <Stack gap="md">
      <input type="hidden" name={ETL_FIELDS.returnTo} value={returnTo} />
      <input type="hidden" name={ETL_FIELDS.token} value={token} />
      <EtlFields detail={null} answer={answer} editable />
      {buttons}
    </Stack>
  );
}
