import type { Locator, Page } from "@playwright/test";
import { expect } from "./grid-page";

/**
 * A grid's date-range chip, with JavaScript or without. Without, it holds two native date inputs
 * ("Date from", "Date to") whose `max` is today in the user's zone. With, once hydrated, one Mantine
 * range picker named by the chip's label ("Date: 01-Nov-26 – 30-Nov-26") that fills hidden `from`
 * and `to` fields (decision 0077). Both post the same GET form.
 */

export type RangeEnd = "from" | "to";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The chip's form, by its label ("Date", "Scan Date", "Created"). */
export function dateRangeForm(page: Page, label: string): Locator {
  return page.getByRole("form", { name: label, exact: true });
}

/** The picker's button (JavaScript only). */
export function datePicker(page: Page, label: string): Locator {
  return dateRangeForm(page, label).getByRole("button", { name: new RegExp(`^${label}:`) });
}

/** The calendar the picker opens (JavaScript only). */
export function pickerCalendar(page: Page): Locator {
  return page.getByRole("dialog").filter({ has: page.getByRole("button", { name: "Previous month" }) });
}

/** The field holding one end of the range: the native input without JavaScript, the picker's hidden field with it. */
export function rangeEnd(page: Page, javaScript: boolean, label: string, end: RangeEnd): Locator {
  const form = dateRangeForm(page, label);
  return javaScript ? form.locator(`input[type="hidden"][name="${end}"]`) : form.getByLabel(`${label} ${end}`, { exact: true });
}

/** A day's name in the calendar ("5 March 2026"). */
export function dayName(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return `${date} ${MONTHS[month - 1]} ${year}`;
}

/** Opens the picker's calendar unless it is open. */
export async function openCalendar(page: Page, label: string): Promise<Locator> {
  const calendar = pickerCalendar(page);
  if (!(await calendar.isVisible())) await datePicker(page, label).click();
  await expect(calendar).toBeVisible();
  return calendar;
}

/**
 * Turns the open calendar to the month of `day` with its arrows and returns the day's button, or
 * null when the calendar cannot go there (a month after today's: its Next month is disabled).
 */
export async function showDay(calendar: Locator, day: string): Promise<Locator | null> {
  const [year, month] = day.split("-").map(Number);
  for (let turn = 0; turn < 36; turn += 1) {
    const shown =
      (await calendar
        .getByRole("button", { name: /^[A-Z][a-z]+ \d{4}$/ })
        .first()
        .textContent()) ?? "";
    const [shownMonth, shownYear] = shown.split(" ");
    const ahead = year * 12 + month - (Number(shownYear) * 12 + MONTHS.indexOf(shownMonth) + 1);
    if (ahead === 0) return calendar.locator("button:not([data-outside])").and(calendar.getByRole("button", { name: dayName(day), exact: true }));
    const arrow = calendar.getByRole("button", { name: ahead > 0 ? "Next month" : "Previous month" });
    if (await arrow.isDisabled()) return null;
    await arrow.click();
  }
  throw new Error(`The calendar did not reach ${day}`);
}

/** Whether the open calendar lets one pick `day`. */
export async function canPick(calendar: Locator, day: string): Promise<boolean> {
  const button = await showDay(calendar, day);
  return button !== null && (await button.isEnabled());
}

/**
 * Today in the user's zone, as the chip limits its days: the native inputs' `max` without
 * JavaScript; with it, the last day the picker lets one pick among the days around today's UTC
 * date, checked to be followed by one it refuses.
 */
export async function rangeToday(page: Page, javaScript: boolean, label: string): Promise<string> {
  if (!javaScript) {
    const to = rangeEnd(page, false, label, "to");
    await expect(to).toHaveAttribute("max", /^\d{4}-\d{2}-\d{2}$/);
    return (await to.getAttribute("max")) ?? "";
  }
  const calendar = await openCalendar(page, label);
  const around = [-1, 0, 1].map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));
  let today = "";
  for (const day of around) if (await canPick(calendar, day)) today = day;
  expect(today, "the picker lets one pick a day around today").not.toBe("");
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  expect(await canPick(calendar, tomorrow), `the picker refuses ${tomorrow}, the day after today`).toBe(false);
  // Closed by its button: Escape needs the focus inside, and a month arrow that became disabled drops it.
  await datePicker(page, label).click();
  await expect(calendar).toBeHidden();
  return today;
}

/**
 * Chooses the range's days: types them into the native inputs without JavaScript (an empty `to`
 * stays empty), picks them in the calendar with it (both days are needed there: the picker drops
 * half a range). Apply is left to the caller.
 */
export async function chooseDates(page: Page, javaScript: boolean, label: string, from: string, to: string): Promise<void> {
  if (!javaScript) {
    await rangeEnd(page, false, label, "from").fill(from);
    if (to) await rangeEnd(page, false, label, "to").fill(to);
    return;
  }
  const calendar = await openCalendar(page, label);
  for (const day of [from, to]) {
    const button = await showDay(calendar, day);
    if (!button) throw new Error(`The picker cannot show ${day}`);
    await button.click();
  }
  await expect(calendar).toBeHidden();
  await expect(rangeEnd(page, true, label, "from")).toHaveValue(from);
  await expect(rangeEnd(page, true, label, "to")).toHaveValue(to);
}
