import { Badge, Group, Paper, Stack, Table, Text } from "@mantine/core";
import type { ModuleResult } from "~/modules/transaction-results/result-payload";
import { NO_CODES_RETURNED } from "~/modules/transaction-results/view-results";
import { SpecialFunctionItem } from "./special-function-item";
import type { SpecialFunctionPanels } from "./use-special-function-info";

/** One module of an ordinary scan: its name (green when read successfully, else red), codes, data and special functions. */
export function ModuleResultCard({ module, panels }: { module: ModuleResult; panels: SpecialFunctionPanels }) {
  return (
    <Paper withBorder p="xs" component="section" aria-label={module.moduleName || "Module"}>
      <Stack gap={6}>
        <Text fw={600} c={module.success ? "green" : "red"} data-success={module.success}>
          {module.moduleName}
        </Text>
        {module.dtcs.length === 0 ? (
          <Text size="sm">{NO_CODES_RETURNED}</Text>
        ) : (
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label="DTCs">
            {module.dtcs.map((dtc, index) => (
              <Group key={index} gap="xs" component="li" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {dtc.code}
                </Text>
                {dtc.type ? (
                  <Badge size="sm" variant="outline">
                    {dtc.type}
                  </Badge>
                ) : null}
                <Text size="sm">{dtc.description}</Text>
              </Group>
            ))}
          </Stack>
        )}
        {module.dataList.length > 0 ? (
          <Table withRowBorders={false} verticalSpacing={2} aria-label="Data list">
            <Table.Tbody>
              {module.dataList.map((item, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{item.name}</Table.Td>
                  <Table.Td>{item.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {module.specialFunctions.map((fn, index) => (
          <SpecialFunctionItem key={index} fn={fn} panels={panels} />
        ))}
      </Stack>
    </Paper>
  );
}
