import { Card, Group, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { DocumentBody } from "~/components/transaction-detail/document-viewer";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { loadDocumentView } from "~/modules/transaction-detail/document-page.server";

/** The document viewer as a page of its own (without JavaScript; with it, detail views show it in a dialog). */
const TITLE = "Document";
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title ?? TITLE) }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "transactions");
  return loadDocumentView(request, signedIn, params.documentId);
}

export default function DocumentPage() {
  const view = useLoaderData<typeof loader>();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="document-title">
      <Stack gap="sm">
        <Title order={1} size="h3" id="document-title">
          {view.title}
        </Title>
        <Group gap="lg">
          <Text size="sm">{view.timestamp}</Text>
          <Text size="sm">{view.direction}</Text>
        </Group>
        <DocumentBody content={view.content} downloadHref={view.downloadHref} close={{ href: view.backHref }} />
      </Stack>
    </Card>
  );
}
