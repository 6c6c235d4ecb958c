import type { PopUpMessage } from "~/write-path/action-outcome";

/** What the user is shown after a resend: the pop-up's title, message and one line per transaction. */
export interface ResendOutcome extends PopUpMessage {
  lines: string[];
}
