import { AddRecordModal, type AddRecordDialogProps } from "~/components/admin/add-record-modal";
import { FormButtons } from "~/components/form-buttons";
import { ADD_ETL_TITLE, ETL_FIELDS } from "~/modules/etl/etl-form";
import { NEW_ETL_PATH } from "~/modules/etl/grid";
import { etlFormAnswer } from "./etl-fields";
import { NewEtlFields } from "./new-etl-form";

/** What the Add New Etl Variable page's loader gives (its route module). */
interface NewEtlPageData {
  returnTo: string;
  token: string;
}

/**
 * Add New Etl Variable with JavaScript: the page's form in a dialog (Cancel and Submit), with the
 * form's one-time token from the page the dialog stands for, once per form shown. An add closes it
 * and opens the pop-up ('Success' / 'RedShift Etl variable added successfully').
 */
export function NewEtlModal({ opened, onClose, returnTo }: AddRecordDialogProps) {
  return (
    <AddRecordModal<NewEtlPageData>
      opened={opened}
      onClose={onClose}
      title={ADD_ETL_TITLE}
      action={NEW_ETL_PATH}
      fetcherKey="newEtlVariable"
      pageHref={`${NEW_ETL_PATH}?${new URLSearchParams({ [ETL_FIELDS.returnTo]: returnTo })}`}
    >
      {({ result, page, submitting }) => {
        const token = page?.token ?? "";
        const answer = etlFormAnswer(result);
        return (
          <NewEtlFields
            key={answer ? JSON.stringify(answer) : "fresh"}
            answer={answer}
            returnTo={returnTo}
            token={token}
            buttons={<FormButtons submitLabel="Submit" back={returnTo} onCancel={onClose} busy={submitting || token === ""} />}
          />
        );
      }}
    </AddRecordModal>
  );
}
