import { useCallback, useEffect } from "react";

/** Marks the history entry the detail dialog added, so Back, reload and the dialog's own Close can tell it apart. */
const DIALOG_ENTRY = "portalDetailDialog";

function isDialogEntry(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as Record<string, unknown>)[DIALOG_ENTRY] === true;
}

/**
 * The detail dialog's URL in the address bar (docs/decisions/0028-detail-dialog-address.md): opening
 * it adds a history entry with the view's own URL, so it can be copied, bookmarked and reloaded (the
 * view as a page); moving between its tabs replaces that entry; Back or Close return to the grid's
 * entry. The entry is added with the History API, outside Remix's router, so the grid route stays
 * rendered under the dialog.
 */
export function useDialogAddress(href: string | null, onClose: () => void): { show: (target: string) => void; close: () => void } {
  useEffect(() => {
    if (href === null) return;
    if (!isDialogEntry(window.history.state)) {
      const entry: unknown = window.history.state;
      // A key of its own, so that Remix's scroll restoration never mixes this entry up with the grid's.
      const state = { ...(typeof entry === "object" && entry !== null ? entry : {}), key: Math.random().toString(36).slice(2, 10), [DIALOG_ENTRY]: true };
      window.history.pushState(state, "", href);
    }
    // Back (or a script's history.back()) to the grid's entry closes the dialog; Remix then reloads the grid's data.
    const closeOnBack = () => {
      if (!isDialogEntry(window.history.state)) onClose();
    };
    window.addEventListener("popstate", closeOnBack);
    return () => window.removeEventListener("popstate", closeOnBack);
  }, [href, onClose]);

  const show = useCallback((target: string) => {
    if (isDialogEntry(window.history.state)) window.history.replaceState(window.history.state, "", target);
  }, []);

  const close = useCallback(() => {
    onClose();
    if (isDialogEntry(window.history.state)) window.history.back();
  }, [onClose]);

  return { show, close };
}
