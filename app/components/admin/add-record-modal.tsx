import type { SubmissionResult } from "@conform-to/react";
import { Modal, Stack } from "@mantine/core";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { FormButtons } from "~/components/form-buttons";
import { openDialog } from "~/lib/dialog-events";
import { RESPOND_FIELD, RESPOND_WITH_DIALOG, type DialogAnswer, type FormAnswer } from "~/write-path/action-outcome";
import { CREATE_FORM_FIELDS, type CreateFormPageData } from "~/write-path/create-form";
import { CreateFormFields } from "./create-form-fields";

type Answer = DialogAnswer | FormAnswer;

/** The props of an add-record dialog as its button opens it (lazily, with lazyDialog). */
export interface AddRecordDialogProps {
  opened: boolean;
  onClose: () => void;
  returnTo: string;
}

interface AddRecordModalProps extends AddRecordDialogProps {
  title: string;
  /** The add page: the form posts to its action, and its loader gives each form shown its one-time token. */
  action: string;
  /** Names the dialog's fetchers (the submission's, and `<key>Form` for the page's data). */
  fetcherKey: string;
  submitLabel: string;
  /** Around the form, to see its submit first (a check that can stop it). */
  FormFrame?: ComponentType<{ children: ReactNode }>;
  /** The form's fields, given the refused submission (its errors and values), or undefined for a fresh form. */
  children: (result: SubmissionResult<string[]> | undefined) => ReactNode;
}

/**
 * An admin screen's add page as a dialog, with JavaScript: the page's form posted by a fetcher to
 * the same action, with the way back and a one-time token from the page (loaded each time a form is
 * shown; Submit waits for it). A refusal stays in the dialog with its errors; an add closes it,
 * opens the outcome's pop-up (the grid reloads), and the next opening shows a fresh form.
 */
export function AddRecordModal({ opened, onClose, returnTo, title, action, fetcherKey, submitLabel, FormFrame, children }: AddRecordModalProps) {
  const submission = useFetcher<Answer>({ key: fetcherKey });
  const page = useFetcher<CreateFormPageData>({ key: `${fetcherKey}Form` });
  const loadPage = useRef(page.load);
  loadPage.current = page.load;
  const [round, setRound] = useState(0);
  const handled = useRef<Answer | undefined>(submission.data);
  const close = useRef(onClose);
  close.current = onClose;
  const pageHref = `${action}?${new URLSearchParams({ [CREATE_FORM_FIELDS.returnTo]: returnTo })}`;

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
    if (opened) void loadPage.current(pageHref);
  }, [opened, round, pageHref]);

  const data = submission.data;
  const token = page.data?.token ?? "";
  const form = (
    <submission.Form key={round} method="post" action={action} aria-label={title} noValidate>
      <input type="hidden" name={RESPOND_FIELD} value={RESPOND_WITH_DIALOG} />
      <Stack gap="md">
        <CreateFormFields page={{ returnTo, token }} />
        {children(data && "result" in data ? data.result : undefined)}
        <FormButtons submitLabel={submitLabel} back={returnTo} onCancel={onClose} busy={submission.state !== "idle" || token === ""} />
      </Stack>
    </submission.Form>
  );
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" centered>
      {FormFrame ? <FormFrame>{form}</FormFrame> : form}
    </Modal>
  );
}
