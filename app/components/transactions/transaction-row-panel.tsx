import { Divider, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { LabelledField } from "~/components/value-item";
import type { TransactionRowDetail } from "~/modules/transactions/row-detail";

/** An expanded row (spec §2): provider, shop, vehicle, and the shop's record with its full address. */
export function TransactionRowPanel({ detail }: { detail: TransactionRowDetail }) {
  const { shop } = detail;
  return (
    <Stack gap="xs" aria-label={`Details of request ${detail.scanRequestId}`} role="region">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="dl" m={0}>
        <LabelledField label="Provider" value={detail.providerName} />
        <LabelledField label="Shop Name" value={detail.shopName} />
        <LabelledField label="Shop Id" value={String(detail.shopId)} />
        <LabelledField label="Shop License #" value={detail.shopLicense} />
        <LabelledField label="Year" value={detail.year} />
        <LabelledField label="Make" value={detail.make} />
        <LabelledField label="Model" value={detail.model} />
        <LabelledField label="VIN" value={detail.vin} />
      </SimpleGrid>
      <Divider />
      <Title order={3} size="h6">
        Shop Details
      </Title>
      {shop ? (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="dl" m={0}>
          <LabelledField label="License Key" value={shop.licenseKey} />
          <LabelledField label="Shop Name" value={shop.shopName} />
          <LabelledField label="Address" value={shop.address} />
          <LabelledField label="City" value={shop.city} />
          <LabelledField label="State Code" value={shop.stateCode} />
          <LabelledField label="Zip Code" value={shop.zipCode} />
          <LabelledField label="Full Address" value={shop.fullAddress} />
        </SimpleGrid>
      ) : (
        <Text size="sm">No shop details were found for this shop.</Text>
      )}
    </Stack>
  );
}
