import { Anchor, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { LabelledField } from "~/components/value-item";
import type { ErrorRecordDetail } from "~/modules/error-log/error-detail";
import { ErrorFilePreviewBox } from "./error-file-preview";

/**
 * A Feedbacks/Errors record expanded (dashboards spec §2.3): the read-only fields, the Message and
 * Error Details table, and the record's files, each opening its preview.
 */
export function ErrorRecordPanel({ detail }: { detail: ErrorRecordDetail }) {
  return (
    <Stack gap="sm" role="region" aria-label={`Details of error ${detail.errorId}`}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" verticalSpacing={6} component="dl" m={0}>
        <LabelledField label="Transaction Id" value={detail.transactionId} />
        <LabelledField label="Shop Id" value={detail.shopId} />
        <LabelledField label="Error Code" value={detail.errorCode} />
        <LabelledField label="Error Origin" value={detail.errorOrigin} />
        <LabelledField label="Error Type" value={detail.errorType} />
        <LabelledField label="User Id" value={detail.userId} />
        <LabelledField label="Component" value={detail.component} />
        <LabelledField label="Host" value={detail.host} />
        <LabelledField label="Provider Id" value={detail.providerId} />
        <LabelledField label="Severity" value={detail.severity} />
      </SimpleGrid>
      <Table withTableBorder layout="fixed" aria-label={`Message of error ${detail.errorId}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Message</Table.Th>
            <Table.Th>Error Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td style={{ overflowWrap: "anywhere", verticalAlign: "top" }}>{detail.message || "N/A"}</Table.Td>
            <Table.Td style={{ verticalAlign: "top" }}>
              <Text component="pre" size="xs" ff="monospace" m={0} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {detail.details || "N/A"}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Stack gap={4} component="section" aria-label={`Files of error ${detail.errorId}`}>
        <Title order={3} size="h6">
          Document name
        </Title>
        {detail.files.length === 0 ? (
          <Text size="sm">No files.</Text>
        ) : (
          <Table withTableBorder aria-label={`Files of error ${detail.errorId}`}>
            <Table.Tbody>
              {detail.files.map((file) => (
                <Table.Tr key={file.id}>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{file.fileName}</Table.Td>
                  <Table.Td w={120} ta="right">
                    <Anchor component={Link} to={file.previewHref} preventScrollReset aria-label={`Open ${file.fileName}`} size="sm">
                      Open
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {detail.preview ? <ErrorFilePreviewBox preview={detail.preview} /> : null}
    </Stack>
  );
}
