import type { ReactNode } from "react";
import type { GridRow } from "~/grid/grid-view";

/**
 * A grid's bulk action (e.g. Available Actions on transactions): the row checkboxes belong to the
 * form `formId` (HTML form attribute) and submit `ids`; the form also sends `returnTo`, the grid
 * URL to come back to. The button is always there without JavaScript (the target checks the
 * rules); with JavaScript it shows only when `isAllowed` holds for the selected rows, and opens
 * `renderDialog` when there is one.
 */
export interface GridBulkAction {
  formId: string;
  action: string;
  method: "get" | "post";
  label: string;
  isAllowed: (rows: readonly GridRow[]) => boolean;
  /** With JavaScript the button opens this dialog instead of submitting the form. */
  renderDialog?: (props: BulkDialogProps) => ReactNode;
}

export interface BulkDialogProps {
  ids: string[];
  /** The grid's URL (path and query), to come back to. */
  back: string;
  opened: boolean;
  onClose: () => void;
}
