import { Anchor, Text } from "@mantine/core";
import { figureName, type CountCardView, type NarrowingLists } from "~/modules/dashboard/kpi-cards";
import { CardFrame } from "./card-frame";

/**
 * A count card: the number (a link to its rows) and the change since the last period, at the foot
 * of the card so every card's number in a row sits on one line whatever is above it (decision 0070).
 * A number in short form has its exact value as its title and in its name.
 */
export function CountCard({ card, lists }: { card: CountCardView; lists?: NarrowingLists }) {
  const title = card.value.exact === card.value.text ? undefined : card.value.exact;
  return (
    <CardFrame id={card.id} title={card.title} help={card.help} toggle={card.toggle} selectors={card.selectors} lists={lists} empty={card.failed || card.empty}>
      <div className="dashboard-card-figure">
        <Text fw={700} lh={1.2} className="dashboard-card-number">
          {card.value.href ? (
            <Anchor href={card.value.href} inherit title={title} aria-label={`${figureName(card.value)}: the rows behind ${card.title}`}>
              {card.value.text}
            </Anchor>
          ) : (
            <span title={title}>{card.value.text}</span>
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
      </div>
    </CardFrame>
  );
}
