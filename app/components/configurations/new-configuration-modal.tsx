import { Modal } from "@mantine/core";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FormButtons } from "~/components/form-buttons";
import { RESPOND_FIELD, RESPOND_WITH_DIALOG, type DialogAnswer, type FormAnswer } from "~/lib/action-outcome";
import { openDialog } from "~/lib/dialog-events";
import { ADD_CONFIGURATION_LABEL } from "~/modules/configurations/editor-values";
import { NEW_CONFIGURATION_PATH } from "~/modules/configurations/grid";
import { configurationFormAnswer } from "./form-answer";
import { JsonCheck } from "./json-check";
import { NewConfigurationFields } from "./new-configuration-form";

type Answer = DialogAnswer | FormAnswer;

/**
 * Add Configuration with JavaScript: the page's form in a dialog, posted by a fetcher to the same
 * action. A refusal stays in the dialog with its errors; a save closes it and opens the pop-up
 * ('Success' / 'Successfully save the configuration.'), and the grid reloads.
 */
export function NewConfigurationModal({ opened, onClose, returnTo }: { opened: boolean; onClose: () => void; returnTo: string }) {
  const submission = useFetcher<Answer>({ key: "newConfiguration" });
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
  const answer = data && "result" in data ? configurationFormAnswer(data.result) : null;
  return (
    <Modal opened={opened} onClose={onClose} title={ADD_CONFIGURATION_LABEL} size="xl" centered>
      <JsonCheck>
        <submission.Form key={round} method="post" action={NEW_CONFIGURATION_PATH} aria-label={ADD_CONFIGURATION_LABEL} noValidate>
          <input type="hidden" name={RESPOND_FIELD} value={RESPOND_WITH_DIALOG} />
          <NewConfigurationFields
            key={answer ? JSON.stringify(answer.errors) : "fresh"}
            answer={answer}
            returnTo={returnTo}
            buttons={<FormButtons submitLabel="Save" back={returnTo} onCancel={onClose} busy={submission.state !== "idle"} />}
          />
        </submission.Form>
      </JsonCheck>
    </Modal>
  );
}
