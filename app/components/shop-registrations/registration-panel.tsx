import { Divider, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { ChangeHistory } from "~/components/admin/change-history";
import { LabelledField } from "~/components/value-item";
import type { RegistrationDetail } from "~/modules/shop-registrations/registration-detail";

/**
 * A Shop Registrations row expanded (dashboards spec §2.4): the registration, then the shop's
 * record found by its license number (address, repair facility id, test-shop flag, contact), and
 * the History.
 */
export function RegistrationPanel({ detail }: { detail: RegistrationDetail }) {
  const { cells, shop } = detail;
  return (
    <Stack gap="sm" role="region" aria-label={`Details of registration ${detail.id}`}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" verticalSpacing={6} component="dl" m={0}>
        <LabelledField label="Provider" value={`${cells.providerName} (${cells.providerId})`} />
        <LabelledField label="Provider Customer Id" value={cells.providerCustomerId} />
        <LabelledField label="License Key" value={cells.licenseKey} />
        <LabelledField label="Shop Id" value={cells.shopId} />
        <LabelledField label="Created" value={cells.createdDateTime} />
        <LabelledField label="Diagnostics Products" value={cells.diagnosticsProducts} />
      </SimpleGrid>
      <Divider />
      <Stack gap={4} component="section" aria-label="Shop record">
        <Title order={3} size="h6">
          Shop record (by license number)
        </Title>
        {shop ? (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" verticalSpacing={6} component="dl" m={0}>
            <LabelledField label="Shop Name" value={shop.name} />
            <LabelledField label="Repair Facility Id" value={String(shop.repairFacilityId)} />
            <LabelledField label="Address" value={shop.address} />
            <LabelledField label="City, State, Zip" value={shop.cityStateZip} />
            <LabelledField label="Test Shop" value={shop.testShop ? "Yes" : "No"} />
            <LabelledField label="Contact" value={[shop.email, shop.phone].filter(Boolean).join(" · ")} />
          </SimpleGrid>
        ) : (
          <Text size="sm">No shop record has this license number.</Text>
        )}
      </Stack>
      <Divider />
      <ChangeHistory entries={detail.history} recordLabel={`registration ${detail.id}`} />
    </Stack>
  );
}
