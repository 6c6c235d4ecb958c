import { SimpleGrid, Stack } from "@mantine/core";
import { ChangeHistory } from "~/components/admin/change-history";
import { LabelledField } from "~/components/value-item";
import type { DeviceDetail } from "~/modules/devices/detail";

const named = (id: number, name: string) => (name ? `${id} · ${name}` : String(id));

/** An expanded Devices row (dashboards spec §3 Device registration): every field, then its History. */
export function DevicePanel({ detail }: { detail: DeviceDetail }) {
  const label = `device registration ${detail.registrationId}`;
  return (
    <Stack gap="sm" role="region" aria-label={`Details of ${label}`}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing={6} component="dl" m={0}>
        <LabelledField label="Registration Id" value={String(detail.registrationId)} />
        <LabelledField label="Provider" value={named(detail.providerId, detail.providerName)} />
        <LabelledField label="Shop" value={named(detail.shopId, detail.shopName)} />
        <LabelledField label="Serial No" value={detail.serialNo} />
        <LabelledField label="Nickname" value={detail.nickname} />
        <LabelledField label="Type" value={detail.type} />
        <LabelledField label="Status" value={detail.status} />
        <LabelledField label="Created Date" value={detail.created} />
        <LabelledField label="Created By" value={detail.createdBy} />
        <LabelledField label="Last Modified Date" value={detail.modified} />
        <LabelledField label="Modified By" value={detail.modifiedBy} />
      </SimpleGrid>
      <ChangeHistory entries={detail.history} recordLabel={label} />
    </Stack>
  );
}
