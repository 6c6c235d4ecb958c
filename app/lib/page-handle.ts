/** What a page route exports as `handle`: its title, shown in the top bar (the document title comes from meta). */
export interface PageHandle {
  title: string;
}

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as { title?: unknown }).title === "string";
}

/** The deepest matched route's title. */
export function pageTitleOfMatches(matches: ReadonlyArray<{ handle?: unknown }>): string | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index].handle;
    if (isPageHandle(handle)) return handle.title;
  }
  return undefined;
}
