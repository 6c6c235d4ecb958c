import { Alert, Anchor, Text } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import type { GridLoadFailure } from "~/grid/load-failure";

/** In the grid's place when its rows could not be read: the screen's words, and the same address to try again. */
export function GridLoadFailureAlert({ failure }: { failure: GridLoadFailure }) {
  const { pathname, search } = useLocation();
  const { title, message } = failure.loadFailure;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Text size="sm">{message}</Text>
      <Anchor href={`${pathname}${search}`} size="sm">
        Try again
      </Anchor>
    </Alert>
  );
}
