import { Modal } from "@mantine/core";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FormButtons } from "~/components/form-buttons";
import { RESPOND_FIELD, RESPOND_WITH_DIALOG, type DialogAnswer, type FormAnswer } from "~/lib/action-outcome";
import { openDialog } from "~/lib/dialog-events";
import { ADD_ETL_TITLE, ETL_FIELDS } from "~/modules/etl/etl-form";
import { NEW_ETL_PATH } from "~/modules/etl/grid";
import { etlFormAnswer } from "./etl-fields";
import { NewEtlFields } from "./new-etl-form";

type Answer = DialogAnswer | FormAnswer;
/** What the Add New Etl Variable page's loader gives (its route module). */
interface NewEtlPageData {
  returnTo: string;
  token: string;
}

/**
 * Add New Etl Variable with JavaScript: the page's form in a dialog (Cancel and Submit), posted by
 * a fetcher to the same action. A refusal stays in the dialog with its errors; an add closes it and
 * opens the pop-up ('Success' / 'RedShift Etl variable added successfully'), and the grid reloads.
 */
export function NewEtlModal({ opened, onClose, returnTo }: { opened: boolean; onClose: () => void; returnTo: string }) {
  const submission = useFetcher<Answer>({ key: "newEtlVariable" });
  // The form's one-time token comes from the page the dialog stands for, once per form shown.
  const form = useFetcher<NewEtlPageData>({ key: "newEtlVariableForm" });
  const loadForm = useRef(form.load);
  loadForm.current = form.load;
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
    if (opened) void loadForm.current(`${NEW_ETL_PATH}?${new URLSearchParams({ [ETL_FIELDS.returnTo]: returnTo })}`);
  }, [opened, round, returnTo]);

  const token = form.data?.token ?? "";
  const data = submission.data;
  const answer = data && "result" in data ? etlFormAnswer(data.result) : null;
  return (
    <Modal opened={opened} onClose={onClose} title={ADD_ETL_TITLE} size="xl" centered>
      <submission.Form key={round} method="post" action={NEW_ETL_PATH} aria-label={ADD_ETL_TITLE} noValidate>
        <input type="hidden" name={RESPOND_FIELD} value={RESPOND_WITH_DIALOG} />
        <NewEtlFields
          key={answer ? JSON.stringify(answer) : "fresh"}
          answer={answer}
          returnTo={returnTo}
          token={token}
          buttons={<FormButtons submitLabel="Submit" back={returnTo} onCancel={onClose} busy={submission.state !== "idle" || token === ""} />}
        />
      </submission.Form>
    </Modal>
  );
}
