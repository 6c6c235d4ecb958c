/** What the user is shown after a resend: the pop-up's title, message and one line per transaction. */
export interface ResendOutcome {
  title: string;
  message: string;
  lines: string[];
}
