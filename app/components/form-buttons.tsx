import { Button, Group } from "@mantine/core";
import { Link } from "@remix-run/react";

/**
 * Cancel and the submit button of a dialog's form: Cancel closes the dialog with JavaScript
 * (`onCancel`), or is a link back to the page it came from without.
 */
export function FormButtons({ submitLabel, back, onCancel, busy = false }: { submitLabel: string; back: string; onCancel?: () => void; busy?: boolean }) {
  return (
    <Group justify="flex-end">
      {onCancel ? (
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      ) : (
        <Button variant="default" component={Link} to={back}>
          Cancel
        </Button>
      )}
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}
