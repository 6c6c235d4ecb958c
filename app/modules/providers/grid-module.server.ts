import { z } from "zod";
import { WRITE_PERMISSIONS } from "~/auth/authorization";
import { holdsPermission } from "~/auth/require-page.server";
import type { SignedIn } from "~/auth/user-session.server";
import { csvInWorker } from "~/grid/csv-worker/cells-writer";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import { gridAction } from "~/grid/grid-actions.server";
import type { GridRow } from "~/grid/grid-view";
import { gridPageOrFailure } from "~/grid/load-failure.server";
import { shownCells } from "~/grid/shown-cells";
import { parseRecordId } from "~/lib/record-id";
import { csvCellsWriters, zoneOnly } from "~/modules/csv-export/cells-writers";
import { userTimeZone } from "~/platform/time-zone.server";
import { FORM_BODY_LIMIT_BYTES } from "~/write-path/read-form.server";
import { providerCells } from "./cells";
import { ADD_PROVIDER_OFFER, providersGrid, SAVE_PROVIDER_INTENT } from "./grid";
import { findProvidersPage, listedProviderIds, selectProviderRows } from "./grid-query.server";
import { MAX_LOGO_BYTES } from "./logo-file";
import { providerChoices, type ProviderChoices } from "./provider-choices.server";
import { PROVIDER_FORM_FIELDS, type ProviderRowDetail } from "./provider-detail";
import { findProviderDetail } from "./provider-detail.server";
import { checkedLogo, isCheckedLogo } from "./provider-logo.server";
import { providerEditServerSchema } from "./routing-address.server";
import { PROVIDER_SAVE_MESSAGES, updateProvider } from "./save-provider.server";

/** The spec's words when the providers cannot be read (§8 Providers). */
export const PROVIDERS_LOAD_FAILURE = { title: "Fail", message: "Failed to get provider data from DB." } as const;

interface ProvidersContext extends GridContext {
  choices: ProviderChoices;
}

/**
 * The form carries the row's version as read as `rowVersion` (`version` is the provider's own field,
 * '2.0'), and a logo file when one was chosen (an empty file input is no logo).
 */
const saveProviderSchema = providerEditServerSchema.extend({
  [PROVIDER_FORM_FIELDS.rowVersion]: z.number().int().min(1).max(2_147_483_647),
  [PROVIDER_FORM_FIELDS.logoFile]: z.instanceof(File).optional(),
});

/**
 * The Providers table (platform spec §2 Providers screen): a page of the listed providers, a row's
 * details with its routings, billing rule, logo and History, the same query as CSV, and the detail
 * form's Save, which needs changingProviderData besides the page. Save stores the chosen logo after
 * the fields (spec §5: "a logo is uploaded if one was chosen"); a logo that is not one is refused
 * before anything is written.
 */
export const providersGridModule = defineGrid({
  definition: providersGrid,
  async context(request, signedIn): Promise<ProvidersContext> {
    const [{ timeZone }, choices, allowed] = await Promise.all([
      userTimeZone(request, signedIn.user.id),
      providerChoices(),
      holdsPermission(signedIn, WRITE_PERMISSIONS.addProvider),
    ]);
    return { timeZone, choices, offers: { [ADD_PROVIDER_OFFER]: allowed } };
  },
  async page(state, { timeZone }) {
    const page = await findProvidersPage(state);
    const rows = page.rows.map((row): GridRow => ({
      id: String(row.providerId),
      cells: shownCells(providerCells(row, timeZone), state.cols),
      muted: row.isActive !== 1,
    }));
    return { rows, total: page.total };
  },
  async detail(rowId, { timeZone, choices }): Promise<ProviderRowDetail | null> {
    const id = parseRecordId(rowId);
    const detail = id === null ? null : await findProviderDetail(id, timeZone);
    return detail ? { ...detail, choices } : null;
  },
  allRows: (state) => selectProviderRows(state),
  cells: (row, { timeZone }) => providerCells(row, timeZone),
  csvInWorker: csvInWorker(csvCellsWriters.providers, zoneOnly),
  rowsInScope: (ids) => listedProviderIds(ids),
  // A logo of up to 1 MB besides the fields.
  formBodyLimit: FORM_BODY_LIMIT_BYTES + MAX_LOGO_BYTES,
  actions: {
    [SAVE_PROVIDER_INTENT]: gridAction<ProvidersContext, z.infer<typeof saveProviderSchema>>({
      permission: WRITE_PERMISSIONS.changeProvider,
      schema: saveProviderSchema,
      failure: PROVIDER_SAVE_MESSAGES.saveFailed,
      maxRows: 1,
      async run({ value, rowIds, context, signedIn, now }) {
        const { rowVersion, logoFile, ...edit } = value;
        const providerId = Number(rowIds[0]);
        const bytes = logoFile && logoFile.size > 0 ? new Uint8Array(await logoFile.arrayBuffer()) : null;
        const logo = bytes ? checkedLogo(providerId, bytes, now) : null;
        if (logo && !isCheckedLogo(logo)) return logo;
        return updateProvider(signedIn.user, providerId, rowVersion, edit, context.timeZone, now, logo);
      },
    }),
  },
});

/** The Providers page's loader data, or the spec's failure words when the providers cannot be read. */
export function loadProvidersPage(request: Request, signedIn: SignedIn) {
  return gridPageOrFailure(() => providersGridModule.loadPage(request, signedIn), PROVIDERS_LOAD_FAILURE, "Reading the Providers list failed");
}
