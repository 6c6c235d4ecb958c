import type { SubmissionResult } from "@conform-to/react";
import { Modal } from "@mantine/core";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { openDialog } from "~/lib/dialog-events";
import { RESPOND_FIELD, RESPOND_WITH_DIALOG, type DialogAnswer, type FormAnswer } from "~/write-path/action-outcome";

type Answer = DialogAnswer | FormAnswer;

/** What the dialog's form is showing: a refusal's result, the add page's data, whether it is being sent. */
export interface AddRecordFormState<PageData> {
  /** The refused submission (its errors and values), or undefined for a fresh form. */
  result: SubmissionResult<string[]> | undefined;
  /** The add page's data when the dialog loads it (pageHref): the last loaded, undefined before the first. */
  page: PageData | undefined;
  submitting: boolean;
}

/** The props of an add-record dialog as its button opens it (lazily, with lazyDialog). */
export interface AddRecordDialogProps {
  opened: boolean;
  onClose: () => void;
  returnTo: string;
}

interface AddRecordModalProps<PageData> {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The add page: the form posts to its action. */
  action: string;
  /** Names the dialog's fetchers (the submission's, and `<key>Form` for the page's data). */
  fetcherKey: string;
  /** When the form needs its page's data (a one-time token): the page to load it from, each time a form is shown. */
  pageHref?: string;
  /** Around the form, to see its submit first (a check that can stop it). */
  FormFrame?: ComponentType<{ children: ReactNode }>;
  /** The form's fields and buttons. */
  children: (state: AddRecordFormState<PageData>) => ReactNode;
}

/**
 * An admin screen's add page as a dialog, with JavaScript: the page's form posted by a fetcher to
 * the same action. A refusal stays in the dialog with its errors; an add closes it, opens the
 * outcome's pop-up (the grid reloads), and the next opening shows a fresh form.
 */
export function AddRecordModal<PageData = never>({ opened, onClose, title, action, fetcherKey, pageHref, FormFrame, children }: AddRecordModalProps<PageData>) {
  const submission = useFetcher<Answer>({ key: fetcherKey });
  const page = useFetcher<PageData>({ key: `${fetcherKey}Form` });
  const loadPage = useRef(page.load);
  loadPage.current = page.load;
  const [round, setRound] = useState(0);
  const handled = useRef<Answer | undefined>(submission.data);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const answer = submission.data;
    if (submission.state !== "idle" || answer === undefined || handled.current === answer) return;
    handled.current = answer;
    if ("outcome" in answer) {
      setRound((current) => current + 1);
      close.current();
      openDialog(answer.outcome);
    }
  }, [submission.state, submission.data]);

  useEffect(() => {
    if (opened && pageHref !== undefined) void loadPage.current(pageHref);
  }, [opened, round, pageHref]);

  const data = submission.data;
  const result = data && "result" in data ? data.result : undefined;
  const form = (
    <submission.Form key={round} method="post" action={action} aria-label={title} noValidate>
      <input type="hidden" name={RESPOND_FIELD} value={RESPOND_WITH_DIALOG} />
      {children({ result, page: page.data, submitting: submission.state !== "idle" })}
    </submission.Form>
  );
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" centered>
      {FormFrame ? <FormFrame>{form}</FormFrame> : form}
    </Modal>
  );
}
