import { Button, Loader } from "@mantine/core";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { BACKGROUND_FETCHER_PREFIX } from "~/lib/background-fetcher";
import { openDialog } from "~/lib/dialog-events";
import { useHydrated } from "~/lib/use-hydrated";
import { RESPOND_WITH_DIALOG, SINGLE_RESEND_FIELDS, singleResendPath, type SingleResendKind } from "~/modules/resend/form-fields";
import { RESEND_INVOICE_ACTION, RESEND_RESULTS_ACTION, RESENDING_INVOICE, RESENDING_RESULTS } from "~/modules/resend/vocabulary";
import type { DialogAnswer } from "~/write-path/action-outcome";

export interface SingleResendButtonProps {
  /** The scan request id of the transaction shown. */
  requestId: number;
  kind: SingleResendKind;
  /** The detail view's path and query, where the page comes back to without JavaScript. */
  back: string;
  /** The form's one-time token, from singleResendOptions(...).tokens[kind]. */
  token: string;
}

const WORDS = {
  results: { label: RESEND_RESULTS_ACTION, busy: RESENDING_RESULTS },
  invoice: { label: RESEND_INVOICE_ACTION, busy: RESENDING_INVOICE },
} as const;

/**
 * 'Resend Results' (Status panel) or 'Resend Invoice' (Invoice Information panel). A POST form:
 * without JavaScript the server redirects back with the outcome in the pop-up; with JavaScript a
 * fetcher posts it, the button shows 'Resending Results...' / 'Resending Invoice...' and takes no
 * second click until the answer is there, and the outcome opens the pop-up.
 */
export function SingleResendButton({ requestId, kind, back, token }: SingleResendButtonProps) {
  const hydrated = useHydrated();
  // A background fetcher: the layout's busy overlay stays away, the button itself shows the work.
  const fetcher = useFetcher<DialogAnswer>({ key: `${BACKGROUND_FETCHER_PREFIX}single-resend:${requestId}:${kind}` });
  const busy = fetcher.state !== "idle";
  const words = WORDS[kind];

  // An answer already there when the button mounts (the fetcher is keyed) was shown before.
  const handled = useRef(fetcher.data);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state === "submitting" || !answer || handled.current === answer) return;
    handled.current = answer;
    openDialog(answer.outcome);
  }, [fetcher.state, fetcher.data]);

  // Set on submit, before the fetcher's state shows it: a quick second click sends nothing.
  const inFlight = useRef(false);
  useEffect(() => {
    if (fetcher.state === "idle") inFlight.current = false;
  }, [fetcher.state]);
  const refuseSecond = (event: FormEvent<HTMLFormElement>) => {
    if (inFlight.current || busy) event.preventDefault();
    else inFlight.current = true;
  };

  return (
    <fetcher.Form method="post" action={singleResendPath(requestId)} onSubmit={refuseSecond} aria-label={words.label} style={{ display: "inline-block" }}>
      <input type="hidden" name={SINGLE_RESEND_FIELDS.kind} value={kind} />
      <input type="hidden" name={SINGLE_RESEND_FIELDS.token} value={token} />
      <input type="hidden" name={SINGLE_RESEND_FIELDS.back} value={back} />
      {hydrated ? <input type="hidden" name={SINGLE_RESEND_FIELDS.respond} value={RESPOND_WITH_DIALOG} /> : null}
      <Button type="submit" size="xs" variant="light" disabled={busy} aria-busy={busy} leftSection={busy ? <Loader size={12} /> : null}>
        {busy ? words.busy : words.label}
      </Button>
    </fetcher.Form>
  );
}
