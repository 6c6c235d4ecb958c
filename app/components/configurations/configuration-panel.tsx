import { Button, Divider, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { ChangeHistory } from "~/components/admin/change-history";
import { LabelledField } from "~/components/value-item";
import type { DetailActionContext } from "~/grid/components/data-grid";
import { GridActionForm } from "~/grid/components/grid-action-forms";
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
  const editable = context.allowed.includes(CONFIGURATION_INTENTS.save) && detail.readOnlyReason === null;
  const answer = configurationFormAnswer(context.lastIntent === CONFIGURATION_INTENTS.save ? context.lastResult : undefined);
  return (
    <Stack gap="sm" role="region" aria-label={`Details of configuration ${detail.configKey}`}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" component="dl" m={0}>
        <LabelledField label="Config Id" value={String(detail.configId)} />
        <LabelledField label="Created Date" value={detail.created} />
        <LabelledField label="Created By" value={detail.createdBy} />
        <LabelledField label="Updated Date" value={detail.updated} />
        <LabelledField label="Updated By" value={detail.updatedBy} />
      </SimpleGrid>
      <Divider />
      <JsonCheck>
        <GridActionForm
          key={detail.version}
          intent={CONFIGURATION_INTENTS.save}
          row={String(detail.configId)}
          returnTo={context.returnTo}
          label={`Configuration ${detail.configKey}`}
        >
          <input type="hidden" name={FIELDS.configId} value={detail.configId} />
          <input type="hidden" name={FIELDS.version} value={detail.version} />
          <Stack gap="sm">
            <ConfigurationFields detail={detail} answer={answer} editable={editable} />
            {editable ? (
              <Group>
                <Button type="submit">Save</Button>
              </Group>
            ) : (
              <Text size="sm" c="gray.7">
                {detail.readOnlyReason ?? `This configuration is read-only: changing configurations needs the ${CONFIGURATION_WRITE_PERMISSION} permission.`}
              </Text>
            )}
          </Stack>
        </GridActionForm>
      </JsonCheck>
      <Divider />
      <ChangeHistory entries={detail.history} recordLabel={detail.configKey} />
    </Stack>
  );
}
