import { Button, Group, SimpleGrid } from "@mantine/core";
import { Form } from "@remix-run/react";
import { panelHref, type GridLinks } from "~/grid/grid-links";
import { queryFields } from "~/grid/query-parts";
import { useGridBusy } from "./grid-busy";
import { GridDisclosure } from "./grid-disclosure";
import { HiddenFields } from "./hidden-fields";
import { PlainCheckbox } from "./plain-checkbox";

export const COLUMNS_LABEL = "Columns";

/** The column chooser: a GET form of checkboxes (`cols`), the rest of the query kept. */
export function ColumnChooser({ links, search }: { links: GridLinks; search: string }) {
  const { definition, state } = links;
  const busy = useGridBusy();
  const hidden = queryFields(search, (name) => name !== "cols" && name !== "panel");
  return (
    <GridDisclosure
      label={COLUMNS_LABEL}
      width={380}
      open={state.panel === "columns"}
      openHref={panelHref(links, "columns")}
      closeHref={panelHref(links, null)}
    >
      {state.panel === "columns" ? (
        <Form
          method="get"
          action={definition.path}
          aria-label="Choose columns"
          onSubmit={(event) => {
            if (busy) event.preventDefault();
          }}
        >
          <HiddenFields fields={hidden} />
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
            {definition.columns.map((column) => (
              <PlainCheckbox key={column.id} name="cols" value={column.id} label={column.label} defaultChecked={state.cols.includes(column.id)} />
            ))}
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button type="submit" size="sm" disabled={busy}>
              Apply
            </Button>
          </Group>
        </Form>
      ) : null}
    </GridDisclosure>
  );
}
