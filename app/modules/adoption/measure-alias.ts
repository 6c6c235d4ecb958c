import { MEASURES, type Measure } from "./grid";

/** The alias a month's measure is selected as: lowercase letters and digits, which the camel-case plugin leaves as they are. */
export function measureAlias(monthIndex: number, measure: Measure): string {
  return `m${monthIndex}x${MEASURES.indexOf(measure)}`;
}
