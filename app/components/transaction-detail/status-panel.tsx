import { Button, Divider, SimpleGrid, Stack, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ValueItem } from "~/components/value-item";
import type { StatusView } from "~/modules/transaction-detail/view-models";

const orNa = (value: string) => value || "N/A";

/**
 * Status: CCC ONE status and response, the document view button (only when the PDF was saved),
 * retry count and the resend action; provider status and comments. `resendAction` is the
 * 'Resend Results' action, rendered by its own feature. `headingOrder` is 4 where the panel sits
 * under a section heading of its own (an expanded Scan Results row).
 */
export function StatusPanel({ status, resendAction, headingOrder = 3 }: { status: StatusView; resendAction?: ReactNode; headingOrder?: 3 | 4 }) {
  return (
    <Stack gap="sm">
      <Title order={headingOrder} size="h5">
        CCCOne
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
        <ValueItem label="CCCOne Status">{orNa(status.ccconeStatus)}</ValueItem>
        <ValueItem label="CCCOne Response">{orNa(status.ccconeResponse)}</ValueItem>
        <ValueItem label="Retry Count">{status.retryCount}</ValueItem>
      </SimpleGrid>
      {status.documentHref || resendAction ? (
        <Stack gap="xs" align="flex-start">
          {status.documentHref ? (
            <Button component={Link} to={status.documentHref} variant="light" size="sm">
              View Document
            </Button>
          ) : null}
          {resendAction}
        </Stack>
      ) : null}
      <Divider />
      <Title order={headingOrder} size="h5">
        Provider
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
        <ValueItem label="Provider Status">{orNa(status.providerStatus)}</ValueItem>
        <ValueItem label="Comments">{orNa(status.comments)}</ValueItem>
      </SimpleGrid>
    </Stack>
  );
}
