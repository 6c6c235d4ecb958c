import { createFormWords } from "~/write-path/create-form";

/** The provider writes' audit entity and words (platform spec §8), shared by the fields' save and the logo's. */
export const PROVIDER_ENTITY = "provider";
export const ADD_PROVIDER_TITLE = "Add new provider";

export const PROVIDER_SAVE_MESSAGES = {
  ...createFormWords(ADD_PROVIDER_TITLE, "provider"),
  added: { title: "Success", message: "Saved the new Provider Item" },
  updated: { title: "Success", message: "Provider updated successfully." },
  addFailed: { title: "Fail", message: "Something went wrong in server. Please try it again" },
  saveFailed: { title: "Fail", message: "Something went wrong while saving the change. Please try it again" },
  /** The spec's 'save response not SUCCESS': the save reached the database and changed nothing (no such provider row). */
  notSaved: { title: "Fail", message: "Received response. But failed to save changes." },
  duplicateId: "A provider with this Provider Id already exists.",
  duplicateCode: "Another provider already has this Provider Code.",
  unknownChoice: (value: string) => `"${value.slice(0, 40)}" is not one of the configured options.`,
  unknownRule: "Please choose a billing rule from the list.",
  gone: "This provider is not there any more. Please reload the page.",
  changedBy: (who: string, when: string) =>
    `This provider was changed by ${who} at ${when} after you opened it. Nothing was saved; the form shows the provider as it is now.`,
  changed: "This provider was changed after you opened it. Nothing was saved; the form shows the provider as it is now.",
} as const;
