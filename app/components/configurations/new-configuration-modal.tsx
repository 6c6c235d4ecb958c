import { AddRecordModal, type AddRecordDialogProps } from "~/components/admin/add-record-modal";
import { FormButtons } from "~/components/form-buttons";
import { ADD_CONFIGURATION_LABEL } from "~/modules/configurations/editor-values";
import { NEW_CONFIGURATION_PATH } from "~/modules/configurations/grid";
import { configurationFormAnswer } from "./form-answer";
import { JsonCheck } from "./json-check";
import { NewConfigurationFields } from "./new-configuration-form";

/**
 * Add Configuration with JavaScript: the page's form in a dialog. A save closes it and opens the
 * pop-up ('Success' / 'Successfully save the configuration.'); a JSON value that does not parse
 * stops the form before it is sent.
 */
export function NewConfigurationModal({ opened, onClose, returnTo }: AddRecordDialogProps) {
  return (
    <AddRecordModal
      opened={opened}
      onClose={onClose}
      title={ADD_CONFIGURATION_LABEL}
      action={NEW_CONFIGURATION_PATH}
      fetcherKey="newConfiguration"
      FormFrame={JsonCheck}
    >
      {({ result, submitting }) => {
        const answer = configurationFormAnswer(result);
        return (
          <NewConfigurationFields
            key={answer ? JSON.stringify(answer.errors) : "fresh"}
            answer={answer}
            returnTo={returnTo}
            buttons={<FormButtons submitLabel="Save" back={returnTo} onCancel={onClose} busy={submitting} />}
          />
        );
      }}
    </AddRecordModal>
  );
}
