import type { Page } from "@playwright/test";

/**
 * What screen a page shows, independent of the data in it: the Remix routes that rendered it (or
 * its path, for a page Remix does not serve such as the identity provider's login), whether an
 * error boundary replaced it, and what is open on it: dialogs, menus, disclosures and named forms
 * (the grid's panels). Two visits with the same key show the same markup with other rows, so one
 * accessibility check stands for both.
 */
export interface ScreenDescription {
  /** false for a JSON, CSV or file answer, an about:blank page, or a page that is gone. */
  isHtml: boolean;
  /** The matched Remix route ids, root first; null for a page Remix did not render. */
  routeIds: string[] | null;
  /**
   * With JavaScript the live router says which routes matched and whether an error boundary shows
   * (its status); without, only the document's own status can tell.
   */
  hasRouter: boolean;
  routerErrorStatus: number | null;
  /** Open dialogs, menus and disclosures ('dialog "Success"'), and visible named forms (digits as '#'). */
  overlays: string[];
  forms: string[];
  pathname: string;
}

/** Runs in the page (synchronously, so it works with JavaScript disabled too). */
function describeInPage(): ScreenDescription {
  const normalise = (text: string) => text.replace(/\s+/g, " ").trim().replace(/\d+/g, "#");
  const nameOf = (element: Element): string => {
    const label = element.getAttribute("aria-label");
    if (label) return normalise(label);
    const labelledBy = element.getAttribute("aria-labelledby");
    if (labelledBy) {
      const text = labelledBy
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ");
      if (text.trim()) return normalise(text);
    }
    return "";
  };
  const visible = (element: Element) => (element as HTMLElement).checkVisibility?.() ?? true;
  const pathname = location.pathname;
  if (!/^https?:$/.test(location.protocol) || document.contentType !== "text/html") {
    return { isHtml: false, routeIds: null, hasRouter: false, routerErrorStatus: null, overlays: [], forms: [], pathname };
  }

  type RouterState = { matches: { route: { id: string } }[]; errors: Record<string, unknown> | null };
  const router = (window as unknown as { __remixRouter?: { state: RouterState } }).__remixRouter;
  let routeIds: string[] | null = null;
  let routerErrorStatus: number | null = null;
  if (router) {
    routeIds = router.state.matches.map((match) => match.route.id);
    const error = router.state.errors ? Object.values(router.state.errors)[0] : undefined;
    if (error !== undefined) routerErrorStatus = (error as { status?: number } | null)?.status ?? 500;
  } else {
    // Without JavaScript the document still carries Remix's module script naming its route modules.
    const script = Array.from(document.scripts).find((candidate) => candidate.text.includes("__remixRouteModules"));
    const modules = script ? /__remixRouteModules\s*=\s*\{([^}]*)\}/.exec(script.text)?.[1] : undefined;
    if (modules !== undefined) routeIds = Array.from(modules.matchAll(/"([^"]+)"\s*:/g), (match) => match[1]);
  }

  const overlays = Array.from(document.querySelectorAll("[role=dialog], [role=alertdialog], dialog[open], [role=menu], details[open]"))
    .filter(visible)
    .map((element) => {
      const kind = element.tagName === "DETAILS" ? "disclosure" : element.getAttribute("role") === "menu" ? "menu" : "dialog";
      const summary = element.tagName === "DETAILS" ? element.querySelector(":scope > summary") : null;
      const name = summary ? nameOf(summary) || normalise(summary.textContent ?? "") : nameOf(element);
      return `${kind} "${name}"`;
    });
  const forms = Array.from(document.querySelectorAll("form[aria-label], form[aria-labelledby]"))
    .filter(visible)
    .map(nameOf)
    .filter((name) => name !== "");
  return { isHtml: true, routeIds, hasRouter: router !== undefined, routerErrorStatus, overlays: overlays.sort(), forms: [...new Set(forms)].sort(), pathname };
}

export async function describeScreen(page: Page): Promise<ScreenDescription> {
  return page.evaluate(describeInPage);
}

/** A path Remix did not render, with its generated segments (ids, interaction uids) as ':id'. */
function pathPattern(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => (/\d/.test(segment) || segment.length >= 16 ? ":id" : segment))
    .join("/");
}

/**
 * The screen's key, e.g. `routes/_shell.transactions._index + form "Add Filter"` or
 * `routes/$ (error 404)`. documentStatus is the status of the last document the page loaded.
 */
export function screenKey(screen: ScreenDescription, documentStatus: number | null): string {
  const where = screen.routeIds?.length ? screen.routeIds[screen.routeIds.length - 1] : `path ${pathPattern(screen.pathname)}`;
  const errorStatus = screen.hasRouter ? screen.routerErrorStatus : documentStatus !== null && documentStatus >= 400 ? documentStatus : null;
  const parts = [where];
  if (errorStatus !== null) parts.push(`(error ${errorStatus})`);
  for (const overlay of screen.overlays) parts.push(`+ ${overlay}`);
  for (const form of screen.forms) parts.push(`+ form "${form}"`);
  return parts.join(" ");
}
