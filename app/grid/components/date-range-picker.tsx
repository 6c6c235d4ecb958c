import { DatePickerInput, type DatesRangeValue } from "@mantine/dates";
import { useId, useRef, useState } from "react";
import { dateToDay, dayToDate } from "~/lib/calendar-day";
import { DATE_FORMATS } from "~/lib/date-format";

export interface DateRangePickerProps {
  /** The id of the chip's visible label ("Date:"): the picker's name begins with it. */
  labelId: string;
  from: string | null;
  to: string | null;
  /** Today in the user's zone (YYYY-MM-DD): no later day can be picked. */
  today: string;
  /** A range without a default may be left empty (every date) and so can be cleared. */
  open: boolean;
}

// Mantine leaves the calendar's arrow buttons unnamed; the month and year buttons keep their text.
const ARIA_LABELS = {
  previousMonth: "Previous month",
  nextMonth: "Next month",
  previousYear: "Previous year",
  nextYear: "Next year",
  previousDecade: "Previous decade",
  nextDecade: "Next decade",
};

/**
 * The date-range chip's days with JavaScript: one Mantine range picker. It posts what the native
 * inputs post, `from` and `to` as YYYY-MM-DD in hidden inputs, so the GET form's URL is the same.
 */
export default function DateRangePicker({ labelId, from, to, today, open }: DateRangePickerProps) {
  const popoverId = useId();
  const [value, setValue] = useState<DatesRangeValue>(() => [dayToDate(from), dayToDate(to)]);
  const whole = useRef(value);
  return (
    <>
      <DatePickerInput
        type="range"
        // The popover's target id: the calendar is labelled by this button, which is named by the
        // chip's label and the days it shows ("Date: 01-Nov-26 – 30-Nov-26").
        id={`${popoverId}-target`}
        aria-labelledby={`${labelId} ${popoverId}-target`}
        value={value}
        onChange={(next) => {
          if (next[0] && next[1]) whole.current = next;
          // Closing on half a range clears it; a range that needs both days keeps its last whole
          // one instead, as the native inputs' `required` refuses to send half of one.
          setValue(!open && !next[0] ? whole.current : next);
        }}
        maxDate={dayToDate(today) ?? undefined}
        valueFormat={DATE_FORMATS.tableDay}
        clearable={open}
        placeholder="Every date"
        size="xs"
        ariaLabels={ARIA_LABELS}
        className="portal-grid-date-picker"
        classNames={{ placeholder: "portal-grid-date-placeholder" }}
        // Back on the picker once the calendar closes, so Tab goes on to Apply.
        popoverProps={{ id: popoverId, returnFocus: true }}
        // Mantine's red weekends and pale next-month days fall below 4.5:1: days are all alike here.
        weekendDays={[]}
        hideOutsideDates
      />
      <input type="hidden" name="from" value={dateToDay(value[0])} />
      <input type="hidden" name="to" value={dateToDay(value[1])} />
    </>
  );
}
