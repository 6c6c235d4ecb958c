/**
 * What the load reads out of the portal's HTML: links, a form's hidden fields, a labelled value and
 * a select's chosen option. The markup is the portal's own server render (no JavaScript needed), so
 * a few patterns over it are enough; a miss returns nothing and the caller counts it as a failure.
 */

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&lt;": "<", "&gt;": ">" };

export function decodeEntities(text: string): string {
  return text.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** Every distinct href whose path (before any query) matches `path`, in page order. */
export function linksTo(html: string, path: RegExp): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    const href = decodeEntities(match[1]);
    const pathname = href.split(/[?#]/)[0];
    if (path.test(pathname)) found.add(href);
  }
  return [...found];
}

export interface PageForm {
  /** Where it posts (path and query, as written in the page). */
  action: string;
  /** Its hidden fields in page order (a name may repeat, as the selection's ids do). */
  hidden: Array<[string, string]>;
}

/** The first POST form whose action's path is `actionPath`, with its hidden fields (null when there is none). */
export function postForm(html: string, actionPath: string): PageForm | null {
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const actionAttribute = /\baction="([^"]*)"/.exec(match[1]);
    if (!/\bmethod="post"/i.test(match[1]) || !actionAttribute) continue;
    const action = decodeEntities(actionAttribute[1]);
    if (action.split("?")[0] !== actionPath) continue;
    const hidden: Array<[string, string]> = [];
    for (const input of match[2].matchAll(/<input\b([^>]*)>/g)) {
      const attributes = input[1];
      if (!/\btype="hidden"/.test(attributes)) continue;
      const name = /\bname="([^"]*)"/.exec(attributes)?.[1];
      const value = /\bvalue="([^"]*)"/.exec(attributes)?.[1] ?? "";
      if (name) hidden.push([decodeEntities(name), decodeEntities(value)]);
    }
    return { action, hidden };
  }
  return null;
}

/** The text of the <dd> that follows the <dt> with this label (the detail views' value lists). */
export function describedValue(html: string, term: string): string | null {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`<dt\\b[^>]*>${escaped}</dt>\\s*<dd\\b[^>]*>([\\s\\S]*?)</dd>`).exec(html);
  return match ? decodeEntities(match[1].replace(/<[^>]*>/g, "")).trim() : null;
}

/** The value of the chosen option of the <select> with this name (null when none is chosen). */
export function selectedOption(html: string, name: string): string | null {
  const select = new RegExp(`<select\\b[^>]*\\bname="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html);
  if (!select) return null;
  for (const option of select[1].matchAll(/<option\b([^>]*)>/g)) {
    if (!/\bselected\b/.test(option[1])) continue;
    const value = /\bvalue="([^"]*)"/.exec(option[1]);
    return value ? decodeEntities(value[1]) : null;
  }
  return null;
}
