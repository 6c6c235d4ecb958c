import { Divider, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { TransactionRowDetail } from "~/modules/transactions/row-detail";

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {value || "N/A"}
      </Text>
    </div>
  );
}

/** An expanded row (spec §2): provider, shop, vehicle, and the shop's record with its full address. */
export function TransactionRowPanel({ detail }: { detail: TransactionRowDetail }) {
  const { shop } = detail;
  return (
    <Stack gap="xs" aria-label={`Details of request ${detail.scanRequestId}`} role="region">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="dl" m={0}>
        <Field label="Provider" value={detail.providerName} />
        <Field label="Shop Name" value={detail.shopName} />
        <Field label="Shop Id" value={String(detail.shopId)} />
        <Field label="Shop License #" value={detail.shopLicense} />
        <Field label="Year" value={detail.year} />
        <Field label="Make" value={detail.make} />
        <Field label="Model" value={detail.model} />
        <Field label="VIN" value={detail.vin} />
      </SimpleGrid>
      <Divider />
      <Title order={3} size="h6">
        Shop Details
      </Title>
      {shop ? (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="dl" m={0}>
          <Field label="License Key" value={shop.licenseKey} />
          <Field label="Shop Name" value={shop.shopName} />
          <Field label="Address" value={shop.address} />
          <Field label="City" value={shop.city} />
          <Field label="State Code" value={shop.stateCode} />
          <Field label="Zip Code" value={shop.zipCode} />
          <Field label="Full Address" value={shop.fullAddress} />
        </SimpleGrid>
      ) : (
        <Text size="sm">No shop details were found for this shop.</Text>
      )}
    </Stack>
  );
}
