import { EMPTY_ALLOW_LIST, type OutboundAllowList } from "./outbound-address.server";

/**
 * The operator's allow-list (OUTBOUND_ALLOW), set once by server.ts at start (and by tests). On
 * globalThis because server.ts and the Remix bundle each load their own copy of this module.
 */
const KEY = Symbol.for("portal.outboundAllow");
type Registry = { [KEY]?: OutboundAllowList };

export function setOutboundAllowList(list: OutboundAllowList | undefined): void {
  (globalThis as Registry)[KEY] = list;
}

/** The list in force: empty (nothing excepted) until server.ts sets it. */
export function outboundAllowList(): OutboundAllowList {
  return (globalThis as Registry)[KEY] ?? EMPTY_ALLOW_LIST;
}
