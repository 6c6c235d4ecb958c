import { Anchor, Badge, Box, Group, Paper, Stack, Text } from "@mantine/core";
import { Link, useLocation } from "@remix-run/react";
import { LabelledField } from "~/components/value-item";
import { withSpecialFunction } from "~/modules/transaction-results/links";
import type { SpecialFunctionResult } from "~/modules/transaction-results/result-payload";
import { INFO_NOT_AVAILABLE, specialFunctionAnchor, type SpecialFunctionInfo } from "~/modules/transaction-results/special-function-info";
import type { SpecialFunctionPanels } from "./use-special-function-info";

function InfoPanel({ info }: { info: SpecialFunctionInfo | null | undefined }) {
  if (info === undefined) {
    return (
      <Text size="sm" c="dimmed" role="status">
        Please wait...
      </Text>
    );
  }
  if (info === null) return <Text size="sm">{INFO_NOT_AVAILABLE}</Text>;
  return (
    <Stack gap={4} component="dl" m={0}>
      <Text size="sm" fw={600}>
        {info.title}
      </Text>
      <LabelledField label="Description" value={info.description} />
      <LabelledField label="Precondition" value={info.precondition} />
      <LabelledField label="Failure Reasons" value={info.failureReasons} />
    </Stack>
  );
}

/**
 * A special function with its status and its expandable info panel. Without JavaScript the
 * expander is a link that reloads the page with ?sf=<scriptNumber> (the server renders the panel
 * open); with it, a click loads the info from the info route.
 */
export function SpecialFunctionItem({ fn, panels }: { fn: SpecialFunctionResult; panels: SpecialFunctionPanels }) {
  const { pathname, search } = useLocation();
  const open = panels.expanded === fn.scriptNumber;
  const anchor = specialFunctionAnchor(fn.scriptNumber);
  const busyElsewhere = panels.loading && !open;
  return (
    <Box id={anchor} role="group" aria-label={`Special function ${fn.functionName}`}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {fn.functionName}
        </Text>
        <Badge size="sm" variant="light" color={fn.status === "Success" ? "green" : "red"}>
          {fn.status}
        </Badge>
        {fn.comments ? (
          <Text size="sm" c="dimmed">
            {fn.comments}
          </Text>
        ) : null}
        <Anchor
          size="sm"
          component={Link}
          to={`${withSpecialFunction(pathname, search, open ? null : fn.scriptNumber)}#${anchor}`}
          preventScrollReset
          aria-expanded={open}
          aria-disabled={busyElsewhere || undefined}
          aria-label={`${open ? "Hide" : "Show"} info for ${fn.functionName}`}
          onClick={(event) => {
            event.preventDefault();
            panels.toggle(fn.scriptNumber);
          }}
        >
          {open ? "Hide info" : "Show info"}
        </Anchor>
      </Group>
      {open ? (
        <Paper withBorder p="xs" mt={4} role="region" aria-label={`Info for ${fn.functionName}`}>
          <InfoPanel info={panels.infoOf(fn.scriptNumber)} />
        </Paper>
      ) : null}
    </Box>
  );
}
