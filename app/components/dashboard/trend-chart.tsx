import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { Fragment, useState } from "react";
import { axisCount } from "~/lib/number-format";
import { useHydrated } from "~/lib/use-hydrated";
import type { TrendCardView } from "~/modules/dashboard/kpi-cards";
import { bottomTickLabel, LeftTickLabel } from "./chart-ticks";

const WIDTH = 480;
const HEIGHT = 220;
// Room for the labels at their largest (the style sheet grows them on a narrow screen).
const MARGIN = { top: 10, right: 10, bottom: 30, left: 56 };
const TICK_LENGTH = 6;
const BottomTickLabel = bottomTickLabel(TICK_LENGTH);

/**
 * A trend as grouped bars in SVG, rendered on the server (sized by its viewBox), each bar a link to
 * its rows named by its series, period and exact number; the period in progress is drawn lighter.
 * The axis writes large ticks short ("25K"), the bars' numbers are always exact. The number is the
 * bar's tooltip: the browser's own (an SVG title) without JavaScript, and once
 * hydrated a tooltip of the page's that also shows when the bar is reached by keyboard.
 */
export function TrendChart({ card }: { card: TrendCardView }) {
  const hydrated = useHydrated();
  const [tip, setTip] = useState<{ text: string; x: number; y: number } | null>(null);
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const labels = card.periods.map((period) => period.label);
  // Little room outside the first and last bars: on a phone five periods named like "Aug 2026" and
  // "Sep 2026" need every unit of the width to stand apart at 11 px.
  const periodScale = scaleBand<string>({ domain: labels, range: [0, innerWidth], paddingInner: 0.2, paddingOuter: 0.05 });
  const seriesScale = scaleBand<number>({ domain: card.series.map((_series, index) => index), range: [0, periodScale.bandwidth()], padding: 0.1 });
  const top = Math.max(1, ...card.periods.flatMap((period) => period.values.map((entry) => entry.value)));
  const valueScale = scaleLinear<number>({ domain: [0, top], range: [innerHeight, 0], nice: true });
  return (
    <div className="dashboard-chart-box">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="group"
        aria-label={`${card.title}: bar chart, each bar a link to its rows`}
        className="dashboard-chart"
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          {card.periods.map((period) => (
            <Group key={period.label} left={periodScale(period.label) ?? 0}>
              {period.values.map((entry, index) => {
                const y = valueScale(entry.value);
                const name = `${card.series[index].name}, ${period.label}${period.inProgress ? " (in progress)" : ""}: ${entry.exact}`;
                // Where the tip points, as fractions of the chart (the SVG scales with its box).
                const barCentre = MARGIN.left + (periodScale(period.label) ?? 0) + (seriesScale(index) ?? 0) + seriesScale.bandwidth() / 2;
                const showTip = () => setTip({ text: name, x: barCentre / WIDTH, y: (MARGIN.top + y) / HEIGHT });
                const hideTip = () => setTip(null);
                const tipEvents = { onMouseEnter: showTip, onMouseLeave: hideTip, onFocus: showTip, onBlur: hideTip };
                const bar = (
                  <Bar
                    x={seriesScale(index) ?? 0}
                    y={y}
                    width={seriesScale.bandwidth()}
                    height={innerHeight - y}
                    fill={card.series[index].color}
                    opacity={period.inProgress ? 0.55 : 1}
                  >
                    {hydrated ? null : <title>{name}</title>}
                  </Bar>
                );
                // A space before each bar keeps the bars' titles apart where the chart is read as text.
                return (
                  <Fragment key={card.series[index].name}>
                    {" "}
                    {entry.href ? (
                      <a href={entry.href} aria-label={name} {...tipEvents}>
                        {bar}
                      </a>
                    ) : (
                      <g {...tipEvents}>{bar}</g>
                    )}
                  </Fragment>
                );
              })}
            </Group>
          ))}
          <AxisLeft scale={valueScale} numTicks={4} tickLength={TICK_LENGTH} tickFormat={(value) => axisCount(Number(value))} tickComponent={LeftTickLabel} />
          <AxisBottom top={innerHeight} scale={periodScale} tickLength={TICK_LENGTH} tickComponent={BottomTickLabel} />
        </Group>
      </svg>
      {tip ? (
        <div className="dashboard-chart-tip" role="tooltip" style={{ left: `${tip.x * 100}%`, top: `${tip.y * 100}%` }}>
          {tip.text}
        </div>
      ) : null}
    </div>
  );
}
