import { z } from "zod";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import { gridAction } from "~/grid/grid-actions.server";
import type { GridRow } from "~/grid/grid-view";
import { shownCells } from "~/grid/shown-cells";
import { userTimeZone } from "~/lib/time-zone.server";
import { providerCells } from "./cells";
import { providersGrid, SAVE_PROVIDER_INTENT } from "./grid";
import { findProvidersPage, listedProviderIds, selectProviderRows } from "./grid-query.server";
import { findProviderDetail } from "./provider-detail.server";
import { providerEditSchema } from "./provider-rules";
import { PROVIDER_SAVE_MESSAGES, updateProvider } from "./save-provider.server";

/** The form carries the row's version as read as `rowVersion` (`version` is the provider's own field, '2.0'). */
const saveProviderSchema = providerEditSchema.extend({ rowVersion: z.number().int().min(1).max(2_147_483_647) });

/**
 * The Providers table (platform spec §2 Providers screen): a page of the listed providers, a row's
 * details with its routings, billing rule, logo and History, the same query as CSV, and the detail
 * form's Save, which needs changingProviderData besides the page.
 */
export const providersGridModule = defineGrid({
  definition: providersGrid,
  async context(request, signedIn): Promise<GridContext> {
    const { timeZone } = await userTimeZone(request, signedIn.user.id);
    return { timeZone };
  },
  async page(state, { timeZone }) {
    const page = await findProvidersPage(state);
    const rows = page.rows.map((row): GridRow => ({ id: String(row.providerId), cells: shownCells(providerCells(row, timeZone), state.cols), muted: row.isActive !== 1 }));
    return { rows, total: page.total };
  },
  detail: (rowId, { timeZone }) => findProviderDetail(Number(rowId), timeZone),
  allRows: (state) => selectProviderRows(state),
  cells: (row, { timeZone }) => providerCells(row, timeZone),
  rowsInScope: (ids) => listedProviderIds(ids),
  actions: {
    [SAVE_PROVIDER_INTENT]: gridAction<GridContext, z.infer<typeof saveProviderSchema>>({
      permission: "changingProviderData",
      schema: saveProviderSchema,
      failure: PROVIDER_SAVE_MESSAGES.saveFailed,
      maxRows: 1,
      run: ({ value, rowIds, context, signedIn, now }) => {
        const { rowVersion, ...edit } = value;
        return updateProvider(signedIn.user, Number(rowIds[0]), rowVersion, edit, context.timeZone, now);
      },
    }),
  },
});
