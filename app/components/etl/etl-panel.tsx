import { Button, Divider, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { ChangeHistory } from "~/components/admin/change-history";
import { LabelledField } from "~/components/value-item";
import type { DetailActionContext } from "~/grid/components/data-grid";
import { GridActionForm } from "~/grid/components/grid-action-forms";
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
  const editable = context.allowed.includes(ETL_INTENTS.save);
  const answer = etlFormAnswer(context.lastIntent === ETL_INTENTS.save ? context.lastResult : undefined);
  const label = `ETL variable ${detail.varId}`;
  return (
    <Stack gap="sm" role="region" aria-label={`Details of ${label}`}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" component="dl" m={0}>
        <LabelledField label="Var Id" value={String(detail.varId)} />
        <LabelledField label="Last Update Date" value={detail.lastUpdateDate} />
        <LabelledField label="Last Update User" value={detail.lastUpdateUser} />
        <LabelledField label="Date Created" value={detail.dateCreated} />
      </SimpleGrid>
      <Divider />
      <GridActionForm key={detail.version} intent={ETL_INTENTS.save} row={String(detail.varId)} returnTo={context.returnTo} label={label}>
        <input type="hidden" name={ETL_FIELDS.varId} value={detail.varId} />
        <input type="hidden" name={ETL_FIELDS.version} value={detail.version} />
        <Stack gap="sm">
          <EtlFields key={answer ? JSON.stringify(answer) : "stored"} detail={detail} answer={answer} editable={editable} />
          {editable ? (
            <Group>
              <Button type="reset" variant="default">
                Reset
              </Button>
              <Button type="submit">Save</Button>
            </Group>
          ) : (
            <Text size="sm" c="gray.7">
              {`This ETL variable is read-only: changing ETL variables needs the ${ETL_WRITE_PERMISSION} permission.`}
            </Text>
          )}
        </Stack>
      </GridActionForm>
      <Divider />
      <ChangeHistory entries={detail.history} recordLabel={label} />
    </Stack>
  );
}
