import { Button, Card, Group, SimpleGrid, Stack, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { ValueItem } from "~/components/value-item";
import type { DetailHeaderView } from "~/modules/transaction-detail/view-models";
import { useDetailNavigation } from "./detail-navigation";
import { VehicleDiagram } from "./vehicle-diagram";
import { VinCopy } from "./vin-copy";

const orNa = (value: string) => value || "N/A";

/** The header card: title, Back, VIN, vehicle, shop, provider and the vehicle diagram. */
export function DetailHeader({ heading, backHref, header }: { heading: string; backHref: string; header: DetailHeaderView }) {
  const navigation = useDetailNavigation();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="detail-heading">
      <Group justify="space-between" align="flex-start" mb="sm">
        {/* The page's title; in the grid's dialog a heading under the dialog's own, the grid's page keeping its title. */}
        <Title order={navigation ? 2 : 1} size="h3" id="detail-heading">
          {heading}
        </Title>
        {navigation ? (
          // In the grid's dialog the grid is right behind it: Back closes the dialog.
          <Button type="button" onClick={navigation.close} variant="default" size="sm">
            Back
          </Button>
        ) : (
          <Button component={Link} to={backHref} variant="default" size="sm">
            Back
          </Button>
        )}
      </Group>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <Stack gap="sm" style={{ flex: 1 }}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" component="dl" m={0}>
            <ValueItem label="VIN">
              <VinCopy vin={header.vin} />
            </ValueItem>
            <ValueItem label="Vehicle">{orNa([header.year, header.make, header.model].filter(Boolean).join(" "))}</ValueItem>
            <ValueItem label="Body Style">{header.bodyStyle}</ValueItem>
            <ValueItem label="Engine">{header.engine}</ValueItem>
            <ValueItem label="Shop Name">{orNa(header.shopName)}</ValueItem>
            <ValueItem label="Address">{orNa(header.address)}</ValueItem>
            <ValueItem label="Phone">{orNa(header.phone)}</ValueItem>
            <ValueItem label="Email">{orNa(header.email)}</ValueItem>
            <ValueItem label="License #">{orNa(header.licenseNumber)}</ValueItem>
            <ValueItem label="Shop Id">{orNa(header.shopId)}</ValueItem>
            <ValueItem label="Provider">{orNa(header.provider)}</ValueItem>
          </SimpleGrid>
        </Stack>
        <VehicleDiagram circles={header.circles} />
      </Group>
    </Card>
  );
}
