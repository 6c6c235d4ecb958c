import { AddRecordModal, type AddRecordDialogProps } from "~/components/admin/add-record-modal";
import { ADD_ETL_TITLE } from "~/modules/etl/etl-form";
import { NEW_ETL_PATH } from "~/modules/etl/grid";
import { EtlFields, etlFormAnswer } from "./etl-fields";

/**
 * Add New Etl Variable with JavaScript: the page's form in a dialog (Cancel and Submit). An add
 * closes it and opens the pop-up ('Success' / 'RedShift Etl variable added successfully').
 */
export function NewEtlModal(props: AddRecordDialogProps) {
  return (
    <AddRecordModal {...props} title={ADD_ETL_TITLE} action={NEW_ETL_PATH} fetcherKey="newEtlVariable" submitLabel="Submit">
      {(result) => {
        const answer = etlFormAnswer(result);
        return <EtlFields key={answer ? JSON.stringify(answer) : "fresh"} detail={null} answer={answer} editable />;
      }}
    </AddRecordModal>
  );
}
