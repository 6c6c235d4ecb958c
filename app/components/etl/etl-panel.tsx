import { RecordEditPanel } from "~/components/admin/record-edit-panel";
import type { DetailActionContext } from "~/grid/components/data-grid";
import type { EtlDetail } from "~/modules/etl/detail";
import { ETL_FIELDS, ETL_INTENTS } from "~/modules/etl/etl-form";
import { ETL_WRITE_PERMISSION } from "~/modules/etl/grid";
import { EtlFields, etlFormAnswer } from "./etl-fields";

/**
 * An ETL variable's expanded row (dashboards spec §2.7, §5): Var Id and the dates read-only, the
 * inline edit form with Reset (the form as loaded, no JavaScript needed) and Save for users who may
 * write (the server checks again), and its History.
 */
export function EtlPanel({ detail, context }: { detail: EtlDetail; context: DetailActionContext }) {
  const label = `ETL variable ${detail.varId}`;
  return (
    <RecordEditPanel
      context={context}
      summary={[
        ["Var Id", String(detail.varId)],
        ["Last Update Date", detail.lastUpdateDate],
        ["Last Update User", detail.lastUpdateUser],
        ["Date Created", detail.dateCreated],
      ]}
      summaryColumns={4}
      regionLabel={label}
      formLabel={label}
      historyLabel={label}
      intent={ETL_INTENTS.save}
      rowId={String(detail.varId)}
      hidden={{ [ETL_FIELDS.varId]: detail.varId, [ETL_FIELDS.version]: detail.version }}
      version={detail.version}
      readOnlyText={`This ETL variable is read-only: changing ETL variables needs the ${ETL_WRITE_PERMISSION} permission.`}
      withReset
      history={detail.history}
    >
      {({ editable, lastResult }) => {
        const answer = etlFormAnswer(lastResult);
        return <EtlFields key={answer ? JSON.stringify(answer) : "stored"} detail={detail} answer={answer} editable={editable} />;
      }}
    </RecordEditPanel>
  );
}
