import { Alert, Anchor, List, Text } from "@mantine/core";
import { Link } from "@remix-run/react";

export const CORRECTED_TITLE = "Filters corrected";
export const CORRECTED_MESSAGE = "Some of the values in the address could not be used. The grid shows what was corrected:";

/**
 * What the grid corrected in the URL that led here, above the grid's toolbar, once. Dismiss opens
 * the page again, which no longer has it (a link, so it works without JavaScript).
 */
export function GridCorrections({ lines, selfHref }: { lines: readonly string[] | undefined; selfHref: string }) {
  if (!lines || lines.length === 0) return null;
  return (
    <Alert title={CORRECTED_TITLE} color="yellow" m="xs" className="portal-grid-corrections" styles={{ title: { color: "var(--mantine-color-text)" } }}>
      <Text size="sm">{CORRECTED_MESSAGE}</Text>
      <List size="sm" mt={4}>
        {lines.map((line, index) => (
          <List.Item key={`${index}-${line}`}>{line}</List.Item>
        ))}
      </List>
      <Anchor component={Link} to={selfHref} size="sm" mt={6} display="inline-block" preventScrollReset>
        Dismiss
      </Anchor>
    </Alert>
  );
}
