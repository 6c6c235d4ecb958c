import type { FetcherWithComponents } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { openDialog, type DialogMessage } from "~/lib/dialog-events";

/**
 * Opens the pop-up with a fetcher's answer once its POST is done (the grid below may still be
 * reloading). An answer already there when the component mounts (a keyed fetcher) was shown before.
 */
export function useAnswerPopUp<Answer>(submission: FetcherWithComponents<Answer>, popUpOf: (answer: Answer) => DialogMessage): void {
  const handled = useRef<Answer | undefined>(submission.data);
  const popUp = useRef(popUpOf);
  popUp.current = popUpOf;
  useEffect(() => {
    const answer = submission.data;
    if (submission.state === "submitting" || answer === undefined || handled.current === answer) return;
    handled.current = answer;
    openDialog(popUp.current(answer));
  }, [submission.state, submission.data]);
}
