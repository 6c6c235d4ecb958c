import { Button, Code, Container, Group, Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, Link, useLocation } from "@remix-run/react";

export const NOT_FOUND_MESSAGE = "Sorry, nothing here...(404)";
const METHOD_NOT_ALLOWED = "Method Not Allowed";
export const SERVICE_UNAVAILABLE_TITLE = "Service unavailable (503)";
/** The spec's words for data that could not be fetched (dashboards and logs §failures). */
export const SERVICE_UNAVAILABLE_MESSAGE = "Unable to fetch data! Please try again after some time!";

/** "Go back" is a plain link so it works without JavaScript. */
function GoBack() {
  return (
    <Button component={Link} to="/" variant="filled">
      Go back
    </Button>
  );
}

/**
 * The error pages are the page's main landmark on their own, and a part of the main area inside the
 * signed-in shell (which has its own).
 */
type Landmark = { inShell?: boolean };
const landmark = ({ inShell }: Landmark) => (inShell ? "div" : "main");

/** The spec's 404 page; also what a denied page shows. */
export function NotFoundPage(props: Landmark) {
  return (
    <Container size="sm" py="xl" component={landmark(props)}>
      <Stack align="center" gap="lg">
        <Title order={1}>{NOT_FOUND_MESSAGE}</Title>
        <GoBack />
      </Stack>
    </Container>
  );
}

/** The explanation the portal itself gave a refused request (e.g. `{ message }` of a body that is not a form). */
function messageOf(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || typeof error.data !== "object" || error.data === null) return undefined;
  const { message } = error.data as { message?: unknown };
  return typeof message === "string" ? message : undefined;
}

/**
 * A part the portal depends on (its database) does not answer: a 503, with what to do about it.
 * "Try again" loads the same address again, as a link so it works without JavaScript.
 */
export function ServiceUnavailablePage(props: Landmark) {
  const { pathname, search } = useLocation();
  return (
    <Container size="sm" py="xl" component={landmark(props)}>
      <Stack align="center" gap="lg">
        <Title order={1}>{SERVICE_UNAVAILABLE_TITLE}</Title>
        <Text>{SERVICE_UNAVAILABLE_MESSAGE}</Text>
        <Group>
          <Button component={Link} to={`${pathname}${search}`} reloadDocument variant="filled">
            Try again
          </Button>
          <Button component={Link} to="/" variant="default">
            Go back
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

/** Anything else that went wrong. Details only in development: production never shows internals. */
export function ErrorPage({ error, inShell }: { error: unknown } & Landmark) {
  // A status thrown with data() reaches the page without its text.
  const status = isRouteErrorResponse(error) ? `${error.status} ${error.statusText || (error.status === 405 ? METHOD_NOT_ALLOWED : "")}`.trim() : undefined;
  const message = messageOf(error);
  const details = process.env.NODE_ENV === "development" && error instanceof Error ? (error.stack ?? error.message) : undefined;
  return (
    <Container size="sm" py="xl" component={landmark({ inShell })}>
      <Stack align="center" gap="lg">
        <Title order={1}>Sorry, something went wrong</Title>
        <Text c="dimmed">{status ?? "The page could not be shown. Please try again in a moment."}</Text>
        {message ? <Text>{message}</Text> : null}
        {details ? (
          <Code block w="100%">
            {details}
          </Code>
        ) : null}
        <GoBack />
      </Stack>
    </Container>
  );
}

export function errorPageTitle(error: unknown): string {
  if (isRouteErrorResponse(error) && error.status === 404) return "Page not found";
  if (isRouteErrorResponse(error) && error.status === 503) return "Service unavailable";
  if (isRouteErrorResponse(error) && error.status === 405) return "Method not allowed";
  return "Error";
}

/** The page for an error caught by a route's boundary: 404, 503, or anything else. */
export function ErrorContent({ error, inShell }: { error: unknown } & Landmark) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage inShell={inShell} />;
  if (isRouteErrorResponse(error) && error.status === 503) return <ServiceUnavailablePage inShell={inShell} />;
  return <ErrorPage error={error} inShell={inShell} />;
}
