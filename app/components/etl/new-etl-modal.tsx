import { Modal } from "@mantine/core";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FormButtons } from "~/components/form-buttons";
import { RESPOND_FIELD, RESPOND_WITH_DIALOG, type DialogAnswer, type FormAnswer } from "~/lib/action-outcome";
import { openDialog } from "~/lib/dialog-events";
import { ADD_ETL_TITLE } from "~/modules/etl/etl-form";
import { NEW_ETL_PATH } from "~/modules/etl/grid";
import { etlFormAnswer } from "./etl-fields";
import { NewEtlFields } from "./new-etl-form";

type Answer = DialogAnswer | FormAnswer;

/**
 * Add New Etl Variable with JavaScript: the page's form in a dialog (Cancel and Submit), posted by
 * a fetcher to the same action. A refusal stays in the dialog with its errors; an add closes it and
 * opens the pop-up ('Success' / 'RedShift Etl variable added successfully'), and the grid reloads.
 */
export function NewEtlModal({ opened, onClose, returnTo }: { opened: boolean; onClose: () => void; returnTo: string }) {
  const submission = useFetcher<Answer>({ key: "newEtlVariable" });
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
          buttons={<FormButtons submitLabel="Submit" back={returnTo} onCancel={onClose} busy={submission.state !== "idle"} />}
        />
      </submission.Form>
    </Modal>
  );
}
