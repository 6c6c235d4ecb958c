import { Card, Group, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { NO_DATA, type CardSelectors, type IntervalLink, type NarrowingLists } from "~/modules/dashboard/kpi-cards";
import { CardSelectorsForm } from "./card-selectors";

const TOGGLE_TEXT = { WEEK: "Week", MONTH: "Month" } as const;

/**
 * A card's own Week/Month toggle: two links, the shown interval marked current. Each link's text is
 * the whole word, drawn as its first letter (W, M) by the style sheet, so that it reads as one word
 * wherever it is read as text; a space keeps the two words apart there.
 */
function IntervalToggle({ title, toggle }: { title: string; toggle: readonly IntervalLink[] }) {
  return (
    <nav aria-label={`${title} interval`} className="dashboard-card-toggle">
      {toggle.map((link, index) => (
        <Fragment key={link.interval}>
          {index > 0 ? " " : null}
          <Link to={link.href} aria-current={link.current ? "true" : undefined} title={TOGGLE_TEXT[link.interval]} preventScrollReset>
            {TOGGLE_TEXT[link.interval]}
          </Link>
        </Fragment>
      ))}
    </nav>
  );
}

/**
 * A card's help: a disclosure titled 'Additional Info.' that works without JavaScript. Its "?" is
 * drawn by the style sheet; its text is its name, so that read as text it is words, not a "?".
 */
function CardHelp({ title, help }: { title: string; help: string }) {
  const name = `Additional Info. about ${title}`;
  return (
    <details className="dashboard-help">
      <summary aria-label={name}>
        <span className="dashboard-visually-hidden">{name}</span>
      </summary>
      <div role="note" className="dashboard-help-text">
        <Text fw={700} size="sm">
          Additional Info.
        </Text>
        <Text size="sm">{help}</Text>
      </div>
    </details>
  );
}

interface CardFrameProps {
  id: string;
  title: string;
  help: string;
  empty: boolean;
  toggle?: readonly IntervalLink[] | null;
  /** The card's make and provider-scan-type selectors, and the lists they offer. */
  selectors?: CardSelectors | null;
  lists?: NarrowingLists;
  children: ReactNode;
}

/** A dashboard card: its title, toggle, help and selectors, and either its figures or 'NO DATA AVAILABLE'. */
export function CardFrame({ id, title, help, empty, toggle, selectors, lists, children }: CardFrameProps) {
  const headingId = `card-${id}`;
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby={headingId} className="dashboard-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Title order={2} size="h5" id={headingId} className="dashboard-card-title">
          {title}
        </Title>
        <Group gap={6} wrap="nowrap">
          {toggle ? <IntervalToggle title={title} toggle={toggle} /> : null} <CardHelp title={title} help={help} />
        </Group>
      </Group>
      {selectors && lists ? <CardSelectorsForm title={title} selectors={selectors} lists={lists} /> : null}
      {empty ? (
        <Text c="dimmed" fw={700} ta="center" py="lg">
          {NO_DATA}
        </Text>
      ) : (
        children
      )}
    </Card>
  );
}
