import type { TickRendererProps } from "@visx/axis";

/** How far a tick's label stands from the end of its tick line, in the chart's units. */
const LABEL_GAP = 3;

/*
 * The axes' labels as plain SVG text whose size the style sheet sets (it grows as the chart is
 * drawn smaller, so a label stays legible on a phone), placed by `em` so they stay clear of the
 * ticks at any size. A space before each label keeps the labels apart where the chart is read as
 * text (a text browser, the page's text): SVG does not draw text outside a text element.
 */

/** A value axis label: right-aligned against its tick, centred on it. */
export function LeftTickLabel({ x = 0, y = 0, formattedValue }: TickRendererProps) {
  return (
    <>
      {" "}
      <text x={Number(x) - LABEL_GAP} y={y} dy="0.32em" textAnchor="end">
        {formattedValue}
      </text>
    </>
  );
}

/** A period axis label: centred under its tick, hanging from the tick's end (a tick `tickLength` long). */
export function bottomTickLabel(tickLength: number) {
  return function BottomTickLabel({ x = 0, formattedValue }: TickRendererProps) {
    return (
      <>
        {" "}
        <text x={x} y={tickLength + LABEL_GAP} dy="0.71em" textAnchor="middle">
          {formattedValue}
        </text>
      </>
    );
  };
}
