import { Anchor, Group, Table, Text } from "@mantine/core";
import { isEmptyTrend, type TrendCardView, type NarrowingLists } from "~/modules/dashboard/kpi-cards";
import { CardFrame } from "./card-frame";
import { TrendChart } from "./trend-chart";

function Legend({ card }: { card: TrendCardView }) {
  if (card.series.length < 2) return null;
  return (
    <Group gap="sm" component="ul" className="dashboard-legend" aria-label={`${card.title} series`}>
      {card.series.map((series) => (
        <Text component="li" size="xs" key={series.name}>
          <span className="dashboard-swatch" style={{ background: series.color }} aria-hidden="true" />
          {series.name}
        </Text>
      ))}
    </Group>
  );
}

/** The chart's numbers as a table, exactly: for screen readers, without JavaScript, and as links to the rows. */
function TrendTable({ card }: { card: TrendCardView }) {
  return (
    <details className="dashboard-table">
      <summary>Table of the figures</summary>
      <Table withTableBorder striped fz="xs" aria-label={`${card.title} figures`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Period</Table.Th>
            {card.series.map((series) => (
              <Table.Th scope="col" key={series.name} ta="right">
                {series.name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {card.periods.map((period) => (
            <Table.Tr key={period.label}>
              <Table.Th scope="row">
                {period.label}
                {period.inProgress ? " (in progress)" : ""}
              </Table.Th>
              {period.values.map((entry, index) => (
                <Table.Td key={card.series[index].name} ta="right">
                  {entry.href ? (
                    <Anchor href={entry.href} inherit>
                      {entry.exact}
                    </Anchor>
                  ) : (
                    entry.exact
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </details>
  );
}

/** A trend card: grouped bars of the five periods, its legend, the in-progress note and its table. */
export function TrendCard({ card, lists }: { card: TrendCardView; lists?: NarrowingLists }) {
  const current = card.periods.find((period) => period.inProgress);
  return (
    <CardFrame
      id={card.id}
      title={card.title}
      help={card.help}
      toggle={card.toggle}
      selectors={card.selectors}
      lists={lists}
      empty={card.failed || isEmptyTrend(card)}
    >
      <Legend card={card} />
      <TrendChart card={card} />
      {current ? (
        <Text size="xs" c="dimmed">
          {current.label} is in progress: its bar is lighter and still growing.
        </Text>
      ) : null}
      <TrendTable card={card} />
      {card.csvHref ? (
        <Anchor href={card.csvHref} download size="xs" className="dashboard-csv-link">
          {`${card.title} figures as CSV`}
        </Anchor>
      ) : null}
    </CardFrame>
  );
}
