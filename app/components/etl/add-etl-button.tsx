import { Button } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { ADD_ETL_LABEL, ETL_FIELDS } from "~/modules/etl/etl-form";
import { NEW_ETL_PATH } from "~/modules/etl/grid";
import { LazyNewEtlModal } from "./lazy-new-etl-modal";

/** New Etl Variable: a link to its page without JavaScript, its dialog with it. */
export function AddEtlButton({ returnTo }: { returnTo: string }) {
  const hydrated = useHydrated();
  const [opened, setOpened] = useState(false);
  if (!hydrated) {
    return (
      <Button component={Link} to={`${NEW_ETL_PATH}?${new URLSearchParams({ [ETL_FIELDS.returnTo]: returnTo })}`} size="sm">
        {ADD_ETL_LABEL}
      </Button>
    );
  }
  return (
    <>
      <Button size="sm" onClick={() => setOpened(true)}>
        {ADD_ETL_LABEL}
      </Button>
      <LazyNewEtlModal opened={opened} onClose={() => setOpened(false)} returnTo={returnTo} />
    </>
  );
}
