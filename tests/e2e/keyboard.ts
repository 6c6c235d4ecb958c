import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Moving through a page as a keyboard user does: Tab and Shift+Tab from wherever the focus is,
 * never a click and never a programmatic focus.
 */

/** A page of the portal has fewer tab stops than this between any two controls a user wants. */
const MAX_PRESSES = 200;

/**
 * Runs in the page: whether the focus is on the element, and how it looks (what a focus indicator
 * changes: an outline, a ring, a border, a background, an underline).
 */
function focusState(element: Element): { focused: boolean; focusVisible: boolean; outlined: boolean; look: string } {
  const style = getComputedStyle(element);
  const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
  const look = [
    style.outlineStyle,
    style.outlineWidth,
    style.outlineColor,
    style.boxShadow,
    style.borderColor,
    style.backgroundColor,
    style.textDecorationLine,
  ].join(" ");
  const focused = element === document.activeElement;
  return { focused, focusVisible: focused && element.matches(":focus-visible"), outlined, look };
}

/**
 * Presses Tab (Shift+Tab when `backwards`) until `target` has the focus, and checks that the focus
 * can be seen there: on :focus-visible the element has an outline or looks otherwise than before
 * it had the focus. Fails when the target is not reached within MAX_PRESSES. Returns how many
 * presses it took.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false }: { backwards?: boolean } = {}): Promise<number> {
  await expect(target).toBeVisible();
  let unfocusedLook: string | null = null;
  for (let presses = 0; presses <= MAX_PRESSES; presses++) {
    const state = await target.evaluate(focusState);
    if (state.focused) {
      const before = unfocusedLook;
      // Read again for a moment: a control that re-renders as it takes the focus (a hydrated picker)
      // draws its focus ring a frame later.
      await expect
        .poll(
          async () => {
            const now = await target.evaluate(focusState);
            return now.focusVisible && (now.outlined || (before !== null && before !== now.look));
          },
          { message: `the focus on ${target} is visible`, timeout: 2_000 },
        )
        .toBe(true);
      return presses;
    }
    unfocusedLook ??= state.look;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${target} was not reached with ${MAX_PRESSES} presses of ${backwards ? "Shift+Tab" : "Tab"}`);
}

/** Checks that the focus is on `target` (after Escape closed a dialog, after a step that keeps it). */
export async function expectFocused(target: Locator): Promise<void> {
  await expect.poll(async () => (await target.evaluate(focusState)).focused, { message: `the focus is on ${target}` }).toBe(true);
}

/** Checks that the focus is somewhere inside `container` (a dialog that holds it). */
export async function expectFocusWithin(container: Locator): Promise<void> {
  await expect
    .poll(() => container.evaluate((element) => element.contains(document.activeElement)), { message: `the focus is inside ${container}` })
    .toBe(true);
}
