import { Button, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { DIALOG_EVENT, isDialogMessage, type DialogMessage } from "~/lib/dialog-events";

/**
 * The pop-up dialog (title, message, OK) that every alert uses. It is real markup, not a portal,
 * so a message from the server (the flash) shows without JavaScript; there OK is a link that
 * reloads the page, which no longer carries the message. With JavaScript, OK just closes it, and
 * client code opens it with the portal:dialog window event.
 */
export function PopupDialog({ message }: { message: DialogMessage | null }) {
  const [shown, setShown] = useState<DialogMessage | null>(message);
  const { pathname, search } = useLocation();
  const okRef = useRef<HTMLAnchorElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    if (message) setShown(message);
  }, [message]);

  useEffect(() => {
    const open = (event: Event) => {
      if (event instanceof CustomEvent && isDialogMessage(event.detail)) setShown(event.detail);
    };
    window.addEventListener(DIALOG_EVENT, open);
    return () => window.removeEventListener(DIALOG_EVENT, open);
  }, []);

  useEffect(() => {
    if (!shown) return;
    okRef.current?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setShown(null);
    };
    window.addEventListener("keydown", closeOnEscape);
    return () => window.removeEventListener("keydown", closeOnEscape);
  }, [shown]);

  if (!shown) return null;
  return (
    <div className="portal-dialog-backdrop">
      <Paper role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={messageId} shadow="lg" radius="md" p="lg" w={420} maw="100%">
        <Stack gap="md">
          <Title order={2} size="h4" id={titleId}>
            {shown.title}
          </Title>
          <Text id={messageId}>{shown.message}</Text>
          {shown.lines && shown.lines.length > 0 ? (
            // Long outcomes scroll inside the dialog; tabIndex lets keyboard users scroll them too (axe: scrollable-region-focusable).
            <List size="sm" spacing={2} mah={240} style={{ overflowY: "auto" }} tabIndex={0}>
              {shown.lines.map((line, index) => (
                <List.Item key={index}>{line}</List.Item>
              ))}
            </List>
          ) : null}
          <Group justify="flex-end">
            <Button
              ref={okRef}
              component={Link}
              to={`${pathname}${search}`}
              replace
              onClick={(event) => {
                event.preventDefault();
                setShown(null);
              }}
            >
              OK
            </Button>
          </Group>
        </Stack>
      </Paper>
    </div>
  );
}
