/** One tab of a page's tab bar: its label and the path it opens. */
export interface PageTab {
  label: string;
  to: string;
}
