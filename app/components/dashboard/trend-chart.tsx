import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import type { TrendCardView } from "~/modules/dashboard/kpi-cards";

const WIDTH = 480;
const HEIGHT = 220;
const MARGIN = { top: 10, right: 10, bottom: 28, left: 44 };

/**
 * A trend as grouped bars in SVG, rendered on the server (sized by its viewBox), each bar a link to
 * its rows named by its series, period and number (also its tooltip); the period in progress is
 * drawn lighter.
 */
export function TrendChart({ card }: { card: TrendCardView }) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const labels = card.periods.map((period) => period.label);
  const periodScale = scaleBand<string>({ domain: labels, range: [0, innerWidth], padding: 0.2 });
  const seriesScale = scaleBand<number>({ domain: card.series.map((_series, index) => index), range: [0, periodScale.bandwidth()], padding: 0.1 });
  const top = Math.max(1, ...card.periods.flatMap((period) => period.values.map((entry) => entry.value)));
  const valueScale = scaleLinear<number>({ domain: [0, top], range: [innerHeight, 0], nice: true });
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="group" aria-label={`${card.title}: bar chart, each bar a link to its rows`} className="dashboard-chart">
      <Group left={MARGIN.left} top={MARGIN.top}>
        {card.periods.map((period) => (
          <Group key={period.label} left={periodScale(period.label) ?? 0}>
            {period.values.map((entry, index) => {
              const y = valueScale(entry.value);
              const name = `${card.series[index].name}, ${period.label}${period.inProgress ? " (in progress)" : ""}: ${entry.text}`;
              const bar = (
                <Bar
                  x={seriesScale(index) ?? 0}
                  y={y}
                  width={seriesScale.bandwidth()}
                  height={innerHeight - y}
                  fill={card.series[index].color}
                  opacity={period.inProgress ? 0.55 : 1}
                >
                  <title>{name}</title>
                </Bar>
              );
              return entry.href ? (
                <a key={card.series[index].name} href={entry.href} aria-label={name}>
                  {bar}
                </a>
              ) : (
                <g key={card.series[index].name}>{bar}</g>
              );
            })}
          </Group>
        ))}
        <AxisLeft scale={valueScale} numTicks={4} tickFormat={(value) => Number(value).toLocaleString("en-US")} />
        <AxisBottom top={innerHeight} scale={periodScale} />
      </Group>
    </svg>
  );
}
