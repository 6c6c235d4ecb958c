import { describeViolations, failingViolations, runAxe } from "./accessibility/axe-rules";
import { dateRangeForm, datePicker, openCalendar, pickerCalendar, rangeEnd, rangeToday, showDay } from "./date-range";
import { test } from "./fixtures";
import { expect, openGrid, searchParams, settled } from "./grid-page";
import { tabTo } from "./keyboard";
import { withSession } from "./sign-in";

/**
 * The grids' date-range chip (decision 0077): native date inputs without JavaScript, untouched;
 * with it, a Mantine range picker, labelled, keyboard-operable, refusing days after today, that
 * sends the same `from` and `to`.
 */

test.describe.configure({ timeout: 90_000 });

/** A day of the month two months back: far enough from today, never in the future. */
function dayTwoMonthsBack(date: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, date)).toISOString().slice(0, 10);
}

test("the date chip holds native inputs without JavaScript and a labelled range picker with it", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  const from = dayTwoMonthsBack(3);
  const to = dayTwoMonthsBack(17);
  await openGrid(page, javaScript, `/transactions?from=${from}&to=${to}`);
  const form = dateRangeForm(page, "Date");
  const today = await rangeToday(page, javaScript, "Date");
  if (!javaScript) {
    for (const [end, value] of [
      ["from", from],
      ["to", to],
    ]) {
      const input = form.getByLabel(`Date ${end}`, { exact: true });
      await expect(input).toHaveAttribute("type", "date");
      await expect(input).toHaveAttribute("name", end);
      await expect(input).toHaveAttribute("max", today);
      await expect(input).toHaveAttribute("required", "");
      await expect(input).toHaveValue(value);
    }
    await expect(form.getByRole("button")).toHaveText(["Apply"]);
    return;
  }
  await expect(form.locator('input[type="date"]')).toHaveCount(0);
  const [year] = from.split("-");
  const shortMonth = new Date(`${from}T12:00:00Z`).toLocaleString("en", { month: "short", timeZone: "UTC" });
  await expect(datePicker(page, "Date")).toHaveText(`03-${shortMonth}-${year.slice(2)} – 17-${shortMonth}-${year.slice(2)}`);
  await expect(datePicker(page, "Date")).toHaveAccessibleName(`Date: 03-${shortMonth}-${year.slice(2)} – 17-${shortMonth}-${year.slice(2)}`);
  await expect(rangeEnd(page, true, "Date", "from")).toHaveValue(from);
  await expect(rangeEnd(page, true, "Date", "to")).toHaveValue(to);

  // Open, the calendar passes the accessibility rules the suite holds every screen to.
  const calendar = await openCalendar(page, "Date");
  const violations = failingViolations(await runAxe(page));
  expect(violations, describeViolations(violations).join("\n")).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(calendar).toBeHidden();
});

test("the range picker is driven by the keyboard alone and applies the days it picked @js-only", async ({ page }) => {
  await withSession(page, "power");
  const from = dayTwoMonthsBack(10);
  await openGrid(page, true, `/transactions?from=${from}&to=${dayTwoMonthsBack(20)}&size=50`);
  const keys = page.keyboard;
  await tabTo(page, datePicker(page, "Date"));
  await keys.press("Enter");
  // Enter opens it (as it fades in): the keyboard alone, no click that would close it again.
  const calendar = pickerCalendar(page);
  await expect(calendar).toBeVisible();
  // The first chosen day is the calendar's stop in the tab order; the arrow keys move between days.
  const first = await showDay(calendar, from);
  if (!first) throw new Error(`The calendar cannot show ${from}`);
  await tabTo(page, first);
  await keys.press("Enter");
  await keys.press("ArrowRight");
  await keys.press("ArrowRight");
  await keys.press("Enter");
  await expect(calendar).toBeHidden();
  const to = dayTwoMonthsBack(12);
  await expect(rangeEnd(page, true, "Date", "to")).toHaveValue(to);
  await expect(datePicker(page, "Date")).toBeFocused();
  await tabTo(page, dateRangeForm(page, "Date").getByRole("button", { name: "Apply" }));
  await keys.press("Enter");
  await settled(page, new RegExp(`from=${from}&to=${to}`));
  expect(searchParams(page).get("size")).toBe("50");
});
