import { DIAGRAM_HEIGHT, DIAGRAM_WIDTH, IMPACT_COLOURS, type ImpactCircle } from "~/modules/transaction-detail/impact-circles";

/** A car from above (front at the top) with the 15 numbered impact areas; primary impacts orange, secondary yellow. Server-rendered SVG. */
export function VehicleDiagram({ circles }: { circles: readonly ImpactCircle[] }) {
  const primary = circles.filter((circle) => circle.kind === "primary").map((circle) => circle.number);
  const secondary = circles.filter((circle) => circle.kind === "secondary").map((circle) => circle.number);
  const description = `Primary impact: ${primary.join(", ") || "none"}. Secondary impact: ${secondary.join(", ") || "none"}.`;
  return (
    <svg viewBox={`0 0 ${DIAGRAM_WIDTH} ${DIAGRAM_HEIGHT}`} width="100%" style={{ maxWidth: 160 }} role="img" aria-label={`Vehicle diagram. ${description}`}>
      <rect x={55} y={25} width={90} height={270} rx={36} fill="#f1f3f5" stroke="#868e96" strokeWidth={2} />
      <rect x={68} y={90} width={64} height={40} rx={8} fill="#dee2e6" stroke="#adb5bd" />
      <rect x={68} y={195} width={64} height={34} rx={8} fill="#dee2e6" stroke="#adb5bd" />
      {circles.map((circle) => (
        <g key={circle.number} data-impact={circle.kind} data-area={circle.number}>
          <circle cx={circle.x} cy={circle.y} r={11} fill={IMPACT_COLOURS[circle.kind]} stroke="#495057" strokeWidth={1.5} />
          <text x={circle.x} y={circle.y + 4} textAnchor="middle" fontSize={11} fontWeight={700} fill="#212529">
            {circle.number}
          </text>
        </g>
      ))}
    </svg>
  );
}
