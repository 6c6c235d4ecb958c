import { Table } from "@mantine/core";
import type { ServiceRecommendation, SubletService } from "~/modules/transaction-results/result-payload";

export function ServicesTable({ services, label }: { services: ServiceRecommendation[]; label: string }) {
  return (
    <Table striped withTableBorder aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>System</Table.Th>
          <Table.Th>Subsystems</Table.Th>
          <Table.Th>Abbreviation</Table.Th>
          <Table.Th>Description</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {services.map((service, index) => (
          <Table.Tr key={index}>
            <Table.Td>{service.system}</Table.Td>
            <Table.Td>{service.subsystems}</Table.Td>
            <Table.Td>{service.abbreviation}</Table.Td>
            <Table.Td>{service.description}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function SubletTable({ sublet, label }: { sublet: SubletService[]; label: string }) {
  return (
    <Table striped withTableBorder aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Service Type</Table.Th>
          <Table.Th>Description</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sublet.map((item, index) => (
          <Table.Tr key={index}>
            <Table.Td>{item.serviceType}</Table.Td>
            <Table.Td>{item.description}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
