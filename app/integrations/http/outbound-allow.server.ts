import { EMPTY_ALLOW_LIST, type OutboundAllowList } from "./outbound-address.server";

/** The operator's allow-list (OUTBOUND_ALLOW), set once at start (and by tests). */
let allowList: OutboundAllowList | undefined;

export function setOutboundAllowList(list: OutboundAllowList | undefined): void {
  allowList = list;
}

/** The list in force: empty (nothing excepted) until the portal sets it at start. */
export function outboundAllowList(): OutboundAllowList {
  return allowList ?? EMPTY_ALLOW_LIST;
}
