import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { AxeResults, ImpactValue, Result } from "axe-core";

/**
 * The rule of the suite (docs/decisions/0018-accessibility-checks.md): every rule axe runs by
 * default, and a violation of impact serious or critical fails the test. Moderate and minor ones
 * (landmark and heading advice) are reported by axe but do not fail.
 */
export const FAILING_IMPACTS: readonly ImpactValue[] = ["serious", "critical"];

export function failingViolations(results: AxeResults): Result[] {
  return results.violations.filter((violation) => FAILING_IMPACTS.includes(violation.impact ?? null));
}

/** One line per violation and one per offending element (at most five), for the test's failure message. */
export function describeViolations(violations: readonly Result[]): string[] {
  return violations.flatMap((violation) => [
    `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})`,
    ...violation.nodes.slice(0, 5).map((node) => {
      const why = (node.failureSummary ?? "").replace(/\s*\n\s*/g, " ");
      return `    ${node.target.join(" >> ")}: ${why}`;
    }),
    ...(violation.nodes.length > 5 ? [`    ...and ${violation.nodes.length - 5} more`] : []),
  ]);
}

/**
 * axe's default rules on the page and its frames. Legacy mode runs axe.run() in the page itself:
 * the default mode opens a blank page per check to merge the frames' results and injects axe's
 * half-megabyte source a second time there, doubling each check's cost for what only
 * cross-origin frames need, and the portal frames only its own pages.
 */
export function runAxe(page: Page): Promise<AxeResults> {
  return new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .analyze();
}
