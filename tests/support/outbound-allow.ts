import { parseOutboundAllow } from "~/integrations/http/outbound-address.server";
import { setOutboundAllowList } from "~/integrations/http/outbound-allow.server";

/**
 * Sets the process's OUTBOUND_ALLOW as server.ts would (a test's own failure-injecting servers
 * listen on 127.0.0.1); `undefined` puts back the empty list.
 */
export function allowOutbound(entries: string | undefined): void {
  if (entries === undefined) return setOutboundAllowList(undefined);
  const parsed = parseOutboundAllow(entries);
  if (!parsed.ok) throw new Error(`Not an OUTBOUND_ALLOW value: ${parsed.entry}`);
  setOutboundAllowList(parsed.list);
}
