/**
 * The Shop Registrations trust actions' words. The spec gives Resend's three and the deregister
 * failure (dashboards §8); the rest are ours (decision 0044), in the Devices screen's voice.
 */
export const REGISTRATION_MESSAGES = {
  resent: { title: "Success", message: "Resent shop registration info to the provider." },
  resendFailed: { title: "Fail", message: "Failed at resending shop registration data." },
  missingShopId: "Missing ShopId information! Unable to resend shop registration data.",
  failed: { title: "Fail", message: "Something went wrong while de-registering. Please try it again" },
  updateFailed: { title: "Fail", message: "Something went wrong while updating the shop details. Please try it again" },
  deregistered: (id: number) => ({ title: "Success", message: `Shop registration ${id} is de-registered (Inactive).` }),
  deleted: (id: number) => ({ title: "Success", message: `Shop registration ${id} is deleted.` }),
  rfUpdated: (id: number) => ({ title: "Success", message: `Shop registration ${id} now has the shop details of its shop record.` }),
  alreadyInactive: "This shop registration is already inactive. Nothing was changed.",
  noLicense: "This shop registration has no license key, so no shop record can be found for it. Nothing was changed.",
  noShopRecord: (license: string) => `No shop record has license number ${license}. Nothing was changed.`,
  upToDate: { title: "Already up to date", message: "This shop registration already has the shop details of its shop record; there was nothing to update." },
  inactiveNotSent: "This shop registration is inactive (de-registered), so it is not sent to its provider. Nothing was changed.",
  badVersion: "The row's version was not valid. Please reload the page and try again.",
  gone: "This shop registration is not there any more. Nothing was changed; please reload the page.",
  changedBy: (who: string, when: string) =>
    `This shop registration was changed by ${who} at ${when} after you opened it. Nothing was changed; the list shows it as it is now.`,
  changed: "This shop registration was changed after you opened it. Nothing was changed; the list shows it as it is now.",
} as const;
