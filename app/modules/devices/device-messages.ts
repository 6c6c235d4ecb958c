/**
 * The Devices screen's words. The spec gives the failure (dashboards §8 'Deregister error'); the
 * rest are ours (decision 0041), in the same voice as the other admin screens.
 */
export const DEVICE_MESSAGES = {
  failed: { title: "Fail", message: "Something went wrong while de-registering. Please try it again" },
  deregistered: (id: number) => ({ title: "Success", message: `Device registration ${id} is de-registered (Inactive).` }),
  deleted: (id: number) => ({ title: "Success", message: `Device registration ${id} is deleted.` }),
  alreadyInactive: "This device registration is already inactive. Nothing was changed.",
  badVersion: "The row's version was not valid. Please reload the page and try again.",
  gone: "This device registration is not there any more. Nothing was changed; please reload the page.",
  changedBy: (who: string, when: string) =>
    `This device registration was changed by ${who} at ${when} after you opened it. Nothing was changed; the list shows it as it is now.`,
  changed: "This device registration was changed after you opened it. Nothing was changed; the list shows it as it is now.",
} as const;
