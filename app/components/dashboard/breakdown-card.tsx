import { Anchor, Group, Stack, Text } from "@mantine/core";
import { figureName, type BreakdownCardView } from "~/modules/dashboard/kpi-cards";
import { CardFrame } from "./card-frame";

/** A few labelled numbers, each a link to its rows, and a link to the whole list. */
export function BreakdownCard({ card }: { card: BreakdownCardView }) {
  return (
    <CardFrame id={card.id} title={card.title} help={card.help} toggle={card.toggle} empty={card.failed}>
      <Stack gap="xs">
        <Group component="dl" gap="lg" className="dashboard-breakdown">
          {card.items.map((item) => (
            <div key={item.label}>
              <Text component="dt" size="sm" c="dimmed">
                {item.label}
              </Text>
              <Text component="dd" fz={24} fw={700} m={0}>
                {item.href ? (
                  <Anchor href={item.href} inherit title={item.exact === item.text ? undefined : item.exact} aria-label={`${figureName(item)} ${item.label}`}>
                    {item.text}
                  </Anchor>
                ) : (
                  <span title={item.exact === item.text ? undefined : item.exact}>{item.text}</span>
                )}
              </Text>
            </div>
          ))}
        </Group>
        {card.whole.href ? (
          <Anchor href={card.whole.href} size="sm" title={card.whole.exact === card.whole.text ? undefined : card.whole.exact}>
            {card.whole.text}
          </Anchor>
        ) : null}
      </Stack>
    </CardFrame>
  );
}
