import { Anchor, Code, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { EXAMPLE_PARAM, EXAMPLE_SHOP_DOCUMENT_TEXT, SHOP_DOCUMENT_FIELDS } from "~/modules/shop-loader/shop-document-guide";

/** The fields a shop document needs and an example, folded away until asked for (a disclosure, so it works without JavaScript). */
export function ShopDocumentGuide() {
  return (
    <details>
      <summary style={{ cursor: "pointer" }}>
        <Text span size="sm" fw={600}>
          The fields of a shop document, and an example
        </Text>
      </summary>
      <Table.ScrollContainer minWidth={320} mt="xs">
        <Table withTableBorder striped aria-label="Shop document fields">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Needed</Table.Th>
              <Table.Th>Form</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {SHOP_DOCUMENT_FIELDS.map((field) => (
              <Table.Tr key={field.name}>
                <Table.Td>
                  <Code>{field.name}</Code>
                </Table.Td>
                <Table.Td>{field.required ? "Required" : "Optional"}</Table.Td>
                <Table.Td>{field.rule}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" mt="sm">
        An example document:{" "}
        <Anchor component={Link} to={`?${EXAMPLE_PARAM}=Y`} replace>
          Start from the example
        </Anchor>
      </Text>
      <Code block mt={4} aria-label="Example shop document">
        {EXAMPLE_SHOP_DOCUMENT_TEXT}
      </Code>
    </details>
  );
}
