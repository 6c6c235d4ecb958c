import { Button } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { ADD_CONFIGURATION_LABEL, FIELDS } from "~/modules/configurations/editor-values";
import { NEW_CONFIGURATION_PATH } from "~/modules/configurations/grid";
import { LazyNewConfigurationModal } from "./lazy-new-configuration-modal";

/** Add Configuration: a link to its page without JavaScript, its dialog with it. */
export function AddConfigurationButton({ returnTo }: { returnTo: string }) {
  const hydrated = useHydrated();
  const [opened, setOpened] = useState(false);
  if (!hydrated) {
    return (
      <Button component={Link} to={`${NEW_CONFIGURATION_PATH}?${new URLSearchParams({ [FIELDS.returnTo]: returnTo })}`} size="sm">
        {ADD_CONFIGURATION_LABEL}
      </Button>
    );
  }
  return (
    <>
      <Button size="sm" onClick={() => setOpened(true)}>
        {ADD_CONFIGURATION_LABEL}
      </Button>
      <LazyNewConfigurationModal opened={opened} onClose={() => setOpened(false)} returnTo={returnTo} />
    </>
  );
}
