/**
 * The vehicle diagram's impact areas (spec §2, §9): up to 15 numbered circles around a car seen
 * from above, front at the top. Areas 1-12 go round the car like a clock face (12 is the front),
 * 13 is the roof, 14 the hood and 15 the trunk. Primary impact codes are drawn orange, secondary
 * ones yellow.
 */
export const IMPACT_AREAS = 15;
export const DIAGRAM_WIDTH = 200;
export const DIAGRAM_HEIGHT = 320;

export type ImpactKind = "primary" | "secondary" | "none";

export interface ImpactCircle {
  number: number;
  x: number;
  y: number;
  kind: ImpactKind;
}

export const IMPACT_COLOURS: Record<ImpactKind, string> = { primary: "#f08c00", secondary: "#fcc419", none: "#ffffff" };

const CENTRE_X = DIAGRAM_WIDTH / 2;
const CENTRE_Y = DIAGRAM_HEIGHT / 2;

function position(area: number): { x: number; y: number } {
  if (area === 13) return { x: CENTRE_X, y: CENTRE_Y };
  if (area === 14) return { x: CENTRE_X, y: CENTRE_Y - 90 };
  if (area === 15) return { x: CENTRE_X, y: CENTRE_Y + 95 };
  const angle = ((area % 12) / 12) * 2 * Math.PI;
  return { x: Math.round(CENTRE_X + 82 * Math.sin(angle)), y: Math.round(CENTRE_Y - 140 * Math.cos(angle)) };
}

/** Reads a stored impact-code list (a JSON array of numbers); anything else reads as empty. */
export function parseImpactCodes(json: string | null | undefined): number[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(Number).filter((code) => Number.isInteger(code)) : [];
  } catch {
    return [];
  }
}

/** The 15 circles, each coloured by whether its area is a primary or secondary impact (primary wins); other codes are ignored. */
export function impactCircles(primary: readonly number[], secondary: readonly number[]): ImpactCircle[] {
  return Array.from({ length: IMPACT_AREAS }, (_, index) => {
    const number = index + 1;
    const kind: ImpactKind = primary.includes(number) ? "primary" : secondary.includes(number) ? "secondary" : "none";
    return { number, ...position(number), kind };
  });
}
