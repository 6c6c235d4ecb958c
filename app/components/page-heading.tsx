import { Title } from "@mantine/core";

/**
 * A page's one level-one heading: its visible title, the route's own title (the one the top bar and
 * the document title show), at the size the dashboard and detail pages use for theirs.
 */
export function PageHeading({ title }: { title: string }) {
  return (
    <Title order={1} size="h3">
      {title}
    </Title>
  );
}
