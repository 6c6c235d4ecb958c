import { Anchor, Text } from "@mantine/core";
import type { CountCardView, NarrowingLists } from "~/modules/dashboard/kpi-cards";
import { CardFrame } from "./card-frame";

/** A count card: the number (a link to its rows) and the change since the last period. */
export function CountCard({ card, lists }: { card: CountCardView; lists?: NarrowingLists }) {
  return (
    <CardFrame id={card.id} title={card.title} help={card.help} toggle={card.toggle} selectors={card.selectors} lists={lists} empty={card.failed || card.empty}>
      <Text fz={32} fw={700} lh={1.2}>
        {card.value.href ? (
          <Anchor href={card.value.href} inherit aria-label={`${card.value.text}: the rows behind ${card.title}`}>
            {card.value.text}
          </Anchor>
        ) : (
          card.value.text
        )}
      </Text>
      <Text size="sm" c="dimmed">
        {card.change ? (
          <Text span fw={700} c="dark.7">
            {card.change}
          </Text>
        ) : (
          "No earlier figure"
        )}{" "}
        {card.since}
      </Text>
    </CardFrame>
  );
}
