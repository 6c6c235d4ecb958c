import type { Page } from "@playwright/test";

/**
 * What axe only advises (page-has-heading-one is a moderate rule) and the portal requires: every
 * screen has exactly one level-one heading, and it is the page's visible title, not a copy hidden
 * for screen readers only. A heading counts when a reader would meet it: rendered and not inside
 * aria-hidden (a closed disclosure's or a display:none heading is not on the screen).
 */
interface LevelOneHeading {
  text: string;
  /** Drawn at a readable size, unclipped (a visually-hidden heading is 1 px and clipped). */
  seen: boolean;
}

/** Runs in the page (synchronously, so it works with JavaScript disabled too). */
function levelOneHeadings(): LevelOneHeading[] {
  const candidates = Array.from(document.querySelectorAll<HTMLElement>("h1:not([role]), [role=heading][aria-level='1']"));
  return candidates
    .filter((heading) => heading.checkVisibility({ visibilityProperty: true }) && !heading.closest("[aria-hidden=true]"))
    .map((heading) => {
      const box = heading.getBoundingClientRect();
      const style = getComputedStyle(heading);
      const clipped = style.clipPath !== "none" || (style.clip !== "auto" && style.position === "absolute");
      return {
        text: (heading.textContent ?? "").replace(/\s+/g, " ").trim(),
        seen: box.width >= 8 && box.height >= 8 && !clipped && Number(style.opacity) > 0,
      };
    });
}

export async function pageHeadingProblems(page: Page): Promise<string[]> {
  const headings = await page.evaluate(levelOneHeadings);
  if (headings.length !== 1) {
    const listed = headings.map((heading) => `"${heading.text}"`).join(", ");
    return [`page-heading: ${headings.length} level-one headings, expected exactly one${listed ? `: ${listed}` : ""}`];
  }
  const [heading] = headings;
  const problems: string[] = [];
  if (!heading.text) problems.push("page-heading: the level-one heading is empty");
  if (!heading.seen) problems.push(`page-heading: the level-one heading "${heading.text}" is not visible on the page`);
  return problems;
}
