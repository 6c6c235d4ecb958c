import type { WidgetTiming } from "./widget-timing";
import type { PageTiming } from "../bench-grid/page-timing";

/** One measured page case: a provider choice and an interval, with the widget queries alone beside it. */
export interface KpiCaseResult {
  providerChoice: "one" | "all";
  interval: "MONTH" | "WEEK";
  canonical: string;
  html: PageTiming;
  widgets: WidgetTiming[];
}

/** The targets: one provider median < 300 / p95 < 600 ms; all providers < 500 / < 1000 ms. */
const TARGETS = { one: { median: 300, p95: 600 }, all: { median: 500, p95: 1000 } } as const;

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "-");

export function caseMet(result: KpiCaseResult): boolean {
  const target = TARGETS[result.providerChoice];
  return result.html.medianMs < target.median && result.html.p95Ms < target.p95;
}

function widgetCell(result: KpiCaseResult): string {
  return result.widgets.map(({ query, timing }) => `${query.name} ${ms(timing.medianMs)}`).join("; ");
}

export function pageTable(results: readonly KpiCaseResult[]): string {
  const lines = [
    "| provider | interval | page | HTML median ms | HTML p95 ms | server CPU ms / request | target median / p95 | met | each widget's query alone, median ms |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const result of results) {
    const target = TARGETS[result.providerChoice];
    lines.push(
      `| ${result.providerChoice === "one" ? "one" : "all"} | ${result.interval === "MONTH" ? "Month" : "Week"} | \`${result.canonical}\` | ${ms(result.html.medianMs)} | ${ms(result.html.p95Ms)} | ` +
        `${ms(result.html.serverCpuMs)} | < ${target.median} / < ${target.p95} | ${caseMet(result) ? "yes" : "**no**"} | ${widgetCell(result)} |`,
    );
  }
  return lines.join("\n");
}

/** The widget queries as a table of their own: one column per case, median / p95 ms. */
export function widgetTable(results: readonly KpiCaseResult[]): string {
  const header = results.map(
    (result) => `${result.providerChoice === "one" ? "one provider" : "all providers"}, ${result.interval === "MONTH" ? "Month" : "Week"}`,
  );
  const lines = [`| query (cards) | ${header.join(" | ")} |`, `|---|${results.map(() => "---:").join("|")}|`];
  const names = [...new Set(results.flatMap((result) => result.widgets.map((widget) => widget.query.name)))];
  for (const name of names) {
    const cards = results.flatMap((result) => result.widgets).find((widget) => widget.query.name === name)?.query.cards ?? "";
    const cells = results.map((result) => {
      const widget = result.widgets.find((entry) => entry.query.name === name);
      return widget ? `${ms(widget.timing.medianMs)} / ${ms(widget.timing.p95Ms)}` : "-";
    });
    lines.push(`| \`${name}\` (${cards}) | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}
