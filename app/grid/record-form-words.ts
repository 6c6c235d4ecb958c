/**
 * The words of an admin record's edit form and its delete (client-safe), the same for every screen
 * but the record's name (decision 0079): `noun` inside a sentence, `Noun` at its start.
 */
export function recordFormWords(noun: string, Noun: string) {
  return {
    versionRequired: "The form has no version. Please reload the page and try again.",
    badVersion: "The form's version was not valid. Please reload the page and try again.",
    gone: `This ${noun} no longer exists; it was deleted after you opened it. Nothing was saved.`,
    goneSome: (ids: readonly number[]) => `${Noun} ${ids.join(", ")} no longer exist${ids.length === 1 ? "s" : ""}. Nothing was deleted.`,
    changedBy: (who: string, when: string) =>
      `This ${noun} was changed by ${who} at ${when} after you opened it. Nothing was saved; the form shows it as it is now.`,
    changed: `This ${noun} was changed after you opened it. Nothing was saved; the form shows it as it is now.`,
  };
}
