import { Button } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useState, type ComponentType } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import type { AddRecordDialogProps } from "./add-record-modal";

interface AddRecordButtonProps {
  label: string;
  /** The add page, with the way back: where the button leads without JavaScript. */
  pageHref: string;
  /** The add page as a dialog (a lazyDialog, so its code loads on first open), with JavaScript. */
  Dialog: ComponentType<AddRecordDialogProps>;
  returnTo: string;
}

/** An admin screen's add button: a link to its add page without JavaScript, its dialog with it. */
export function AddRecordButton({ label, pageHref, Dialog, returnTo }: AddRecordButtonProps) {
  const hydrated = useHydrated();
  const [opened, setOpened] = useState(false);
  if (!hydrated) {
    return (
      <Button component={Link} to={pageHref} size="sm">
        {label}
      </Button>
    );
  }
  return (
    <>
      <Button size="sm" onClick={() => setOpened(true)}>
        {label}
      </Button>
      <Dialog opened={opened} onClose={() => setOpened(false)} returnTo={returnTo} />
    </>
  );
}
