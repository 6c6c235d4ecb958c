import { SimpleGrid, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { LabelledField } from "~/components/value-item";
import type { ApplicationDetail, ApplicationVersionEntry, ThirdPartySoftwareEntry } from "~/modules/applications/detail";
import { NewestFirstTable, type EntryColumn } from "./newest-first-table";

const VERSION_COLUMNS: readonly EntryColumn<ApplicationVersionEntry>[] = [
  { label: "Version", cell: (entry) => entry.version },
  { label: "Created By", cell: (entry) => entry.createdBy || "N/A" },
  { label: "Created", cell: (entry) => entry.created },
];

const SOFTWARE_COLUMNS: readonly EntryColumn<ThirdPartySoftwareEntry>[] = [
  { label: "Name", cell: (entry) => entry.name },
  { label: "Version", cell: (entry) => entry.version || "N/A" },
  { label: "Created", cell: (entry) => entry.created },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title} miw={0}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * An expanded Applications row (dashboards spec §2.6, §3 Application): where it runs and who uses
 * it, then its version history and its third-party software, newest first, the current one marked.
 * Side by side on a wide screen, one under the other on a phone.
 */
export function ApplicationRowPanel({ detail }: { detail: ApplicationDetail }) {
  return (
    <Stack gap="sm" role="region" aria-label={`Details of application ${detail.id}`}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing={6} component="dl" m={0}>
        <LabelledField label="Platform" value={detail.platform} />
        <LabelledField label="Machine Name" value={detail.machineName} />
        <LabelledField label="MAC Addresses" value={detail.macAddresses.join(", ")} />
        <LabelledField label="User Id" value={detail.userId} />
        <LabelledField label="Created" value={detail.created} />
        <LabelledField label="Modified" value={detail.modified} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Version History">
          <NewestFirstTable
            caption={`Versions of application ${detail.id}`}
            columns={VERSION_COLUMNS}
            entries={detail.versions}
            empty="No versions have been recorded."
          />
        </Section>
        <Section title="Third-Party Software">
          <NewestFirstTable
            caption={`Third-party software of application ${detail.id}`}
            columns={SOFTWARE_COLUMNS}
            entries={detail.software}
            empty="No third-party software has been recorded."
          />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
