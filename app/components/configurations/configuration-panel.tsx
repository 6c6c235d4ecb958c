import { RecordEditPanel } from "~/components/admin/record-edit-panel";
import type { DetailActionContext } from "~/grid/components/data-grid";
import { CONFIGURATION_INTENTS } from "~/modules/configurations/configuration-form";
import type { ConfigurationDetail } from "~/modules/configurations/detail";
import { FIELDS } from "~/modules/configurations/editor-values";
import { CONFIGURATION_WRITE_PERMISSION } from "~/modules/configurations/grid";
import { ConfigurationFields } from "./configuration-fields";
import { configurationFormAnswer } from "./form-answer";
import { JsonCheck } from "./json-check";

/**
 * A Configurations row expanded (platform spec §2): the entry's edit form (Save only for users
 * who may write configurations, the server checks again) and its History.
 */
export function ConfigurationPanel({ detail, context }: { detail: ConfigurationDetail; context: DetailActionContext }) {
  return (
    <RecordEditPanel
      context={context}
      summary={[
        ["Config Id", String(detail.configId)],
        ["Created Date", detail.created],
        ["Created By", detail.createdBy],
        ["Updated Date", detail.updated],
        ["Updated By", detail.updatedBy],
      ]}
      summaryColumns={5}
      regionLabel={`configuration ${detail.configKey}`}
      formLabel={`Configuration ${detail.configKey}`}
      historyLabel={detail.configKey}
      intent={CONFIGURATION_INTENTS.save}
      rowId={String(detail.configId)}
      hidden={{ [FIELDS.configId]: detail.configId, [FIELDS.version]: detail.version }}
      version={detail.version}
      readOnlyReason={detail.readOnlyReason}
      readOnlyText={`This configuration is read-only: changing configurations needs the ${CONFIGURATION_WRITE_PERMISSION} permission.`}
      FormFrame={JsonCheck}
      history={detail.history}
    >
      {({ editable, lastResult }) => <ConfigurationFields detail={detail} answer={configurationFormAnswer(lastResult)} editable={editable} />}
    </RecordEditPanel>
  );
}
