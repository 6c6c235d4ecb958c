import { AddRecordModal, type AddRecordDialogProps } from "~/components/admin/add-record-modal";
import { ADD_CONFIGURATION_LABEL } from "~/modules/configurations/editor-values";
import { NEW_CONFIGURATION_PATH } from "~/modules/configurations/grid";
import { ConfigurationFields } from "./configuration-fields";
import { configurationFormAnswer } from "./form-answer";
import { JsonCheck } from "./json-check";

/**
 * Add Configuration with JavaScript: the page's form in a dialog. A save closes it and opens the
 * pop-up ('Success' / 'Successfully save the configuration.'); a JSON value that does not parse
 * stops the form before it is sent.
 */
export function NewConfigurationModal(props: AddRecordDialogProps) {
  return (
    <AddRecordModal
      {...props}
      title={ADD_CONFIGURATION_LABEL}
      action={NEW_CONFIGURATION_PATH}
      fetcherKey="newConfiguration"
      submitLabel="Save"
      FormFrame={JsonCheck}
    >
      {(result) => {
        const answer = configurationFormAnswer(result);
        return <ConfigurationFields key={answer ? JSON.stringify(answer.errors) : "fresh"} detail={null} answer={answer} editable />;
      }}
    </AddRecordModal>
  );
}
