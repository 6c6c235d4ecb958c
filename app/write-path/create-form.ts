/**
 * A create form's own fields and words (client-safe; decision 0079): every Add form carries the
 * grid page to go back to and a one-time token its page issued (create-once.server.ts).
 */
export const CREATE_FORM_FIELDS = { returnTo: "returnTo", token: "token" } as const;

/** What an Add page's loader gives its form (and the grid's dialog, which loads the same page). */
export interface CreateFormPageData {
  returnTo: string;
  token: string;
}

/** The words of an Add form's token: `title` the form's, `noun` the record's name. */
export function createFormWords(title: string, noun: string) {
  return {
    formNotIssued: `This form was not issued to you or has expired. Please open ${title} again.`,
    stillAdding: `The ${noun} is still being added. Please reload the page in a moment.`,
  };
}
