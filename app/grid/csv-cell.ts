/**
 * Formula-injection escaping for CSV cells (OWASP "CSV Injection"). The rule, exactly: a cell
 * whose FIRST character is one of  =  +  -  @  TAB (U+0009)  CR (U+000D), or the full-width
 * ＝ ＋ － ＠ (which Apple Numbers reads as the same), gets one apostrophe (') put in front of
 * it; every other cell is written unchanged, and nothing inside a cell is altered. Spreadsheets
 * then read such a cell as text instead of running it as a formula, and Excel hides the
 * apostrophe. Quoting (commas, quotes, line breaks) is the CSV writer's job and happens after.
 */
const FORMULA_TRIGGERS = new Set(["=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]);

export function escapeFormula(cell: string): string {
  return cell.length > 0 && FORMULA_TRIGGERS.has(cell[0]) ? `'${cell}` : cell;
}
