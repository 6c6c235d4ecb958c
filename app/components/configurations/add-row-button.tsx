import { Button } from "@mantine/core";
import type { ReactNode } from "react";
import { EDITOR_STEPS, FIELDS } from "~/modules/configurations/editor-values";

/**
 * A rows editor's Add button: with JavaScript it adds a row in place (and may be disabled);
 * without, it is a submit the form answers with one more row (the server checks it then).
 */
export function AddRowButton({
  hydrated,
  onAdd,
  disabled = false,
  children,
}: {
  hydrated: boolean;
  onAdd: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return hydrated ? (
    <Button variant="default" size="compact-sm" onClick={onAdd} disabled={disabled}>
      {children}
    </Button>
  ) : (
    <Button variant="default" size="compact-sm" type="submit" name={FIELDS.editor} value={EDITOR_STEPS.addRow} formNoValidate>
      {children}
    </Button>
  );
}
