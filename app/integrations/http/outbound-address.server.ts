import net from "node:net";

/**
 * Which destinations the portal may call at an address that comes from editable data (decision
 * 0061): never its own host, the cloud's metadata service or the private network behind it, unless
 * the operator's allow-list (OUTBOUND_ALLOW) names them. Node's BlockList does the range matching;
 * it also matches IPv4-mapped IPv6 forms (::ffff:127.0.0.1, ::ffff:7f00:1) against the IPv4 ranges.
 */

type Family = "ipv4" | "ipv6";

/** The refused ranges, by why they are refused (the decision record lists the same table). */
export const REFUSED_RANGES: ReadonlyArray<{ kind: string; network: string; prefix: number; family: Family }> = [
  { kind: "unspecified or this network", network: "0.0.0.0", prefix: 8, family: "ipv4" },
  { kind: "private", network: "10.0.0.0", prefix: 8, family: "ipv4" },
  { kind: "shared (carrier-grade NAT)", network: "100.64.0.0", prefix: 10, family: "ipv4" },
  { kind: "loopback", network: "127.0.0.0", prefix: 8, family: "ipv4" },
  { kind: "link-local", network: "169.254.0.0", prefix: 16, family: "ipv4" },
  { kind: "private", network: "172.16.0.0", prefix: 12, family: "ipv4" },
  { kind: "IETF protocol assignments", network: "192.0.0.0", prefix: 24, family: "ipv4" },
  { kind: "private", network: "192.168.0.0", prefix: 16, family: "ipv4" },
  { kind: "benchmarking", network: "198.18.0.0", prefix: 15, family: "ipv4" },
  { kind: "multicast", network: "224.0.0.0", prefix: 4, family: "ipv4" },
  { kind: "reserved and broadcast", network: "240.0.0.0", prefix: 4, family: "ipv4" },
  { kind: "unspecified", network: "::", prefix: 128, family: "ipv6" },
  { kind: "loopback", network: "::1", prefix: 128, family: "ipv6" },
  { kind: "IPv4-compatible (deprecated)", network: "::", prefix: 96, family: "ipv6" },
  { kind: "unique local (private)", network: "fc00::", prefix: 7, family: "ipv6" },
  { kind: "link-local", network: "fe80::", prefix: 10, family: "ipv6" },
  { kind: "site-local (deprecated)", network: "fec0::", prefix: 10, family: "ipv6" },
  { kind: "multicast", network: "ff00::", prefix: 8, family: "ipv6" },
];

const REFUSED = new net.BlockList();
for (const range of REFUSED_RANGES) REFUSED.addSubnet(range.network, range.prefix, range.family);

/** Names that always mean this machine, whatever a resolver says (RFC 6761 and Debian's /etc/hosts). */
const LOOPBACK_NAMES = new Set(["localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"]);

/** The operator's exceptions: host names as written, and addresses and ranges. */
export interface OutboundAllowList {
  hosts: ReadonlySet<string>;
  addresses: net.BlockList;
  /** The entries as the operator wrote them, for the start-up log. */
  entries: readonly string[];
}

export const EMPTY_ALLOW_LIST: OutboundAllowList = { hosts: new Set(), addresses: new net.BlockList(), entries: [] };

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

function familyOf(address: string): Family | null {
  const version = net.isIP(address);
  return version === 4 ? "ipv4" : version === 6 ? "ipv6" : null;
}

/** A host as compared: lower case, without brackets around IPv6 or a trailing dot. */
export function normalHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");
}

/**
 * OUTBOUND_ALLOW's value: comma-separated host names, IP addresses and CIDR ranges. The list, or
 * the first entry that is none of those.
 */
export function parseOutboundAllow(text: string): { ok: true; list: OutboundAllowList } | { ok: false; entry: string } {
  const hosts = new Set<string>();
  const addresses = new net.BlockList();
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  for (const entry of entries) {
    const [rawAddress = "", prefix, extra] = entry.split("/");
    const address = normalHost(rawAddress);
    const family = familyOf(address);
    if (prefix !== undefined) {
      const bits = family === "ipv4" ? 32 : 128;
      if (family === null || extra !== undefined || !/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return { ok: false, entry };
      addresses.addSubnet(address, Number(prefix), family);
    } else if (family !== null) {
      addresses.addAddress(address, family);
    } else if (HOST_NAME.test(address)) {
      hosts.add(address);
    } else {
      return { ok: false, entry };
    }
  }
  return { ok: true, list: { hosts, addresses, entries } };
}

/** Whether an IP address is one of the refused ranges (not counting the allow-list). */
export function isRefusedAddress(address: string): boolean {
  const family = familyOf(address);
  return family === null || REFUSED.check(address, family);
}

/** Whether the portal may connect to this resolved IP address. */
export function mayConnectTo(address: string, allow: OutboundAllowList): boolean {
  const family = familyOf(address);
  if (family === null) return false;
  return !REFUSED.check(address, family) || allow.addresses.check(address, family);
}

/** Whether the operator named this host (a name or an address) on the allow-list. */
export function hostAllowed(host: string, allow: OutboundAllowList): boolean {
  const normal = normalHost(host);
  const family = familyOf(normal);
  return family === null ? allow.hosts.has(normal) : allow.addresses.check(normal, family);
}

function isLoopbackName(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || host.endsWith(".localhost");
}

/**
 * A URL's host that is refused as written, before any lookup: an IP literal in a refused range or
 * a name that always means this machine, unless the allow-list names it. Null when the host may be
 * called as far as its text shows (a host name is checked again on its resolved addresses).
 */
export function refusedLiteralHost(url: URL, allow: OutboundAllowList): string | null {
  const host = normalHost(url.hostname);
  if (hostAllowed(host, allow)) return null;
  if (familyOf(host) !== null) return isRefusedAddress(host) ? host : null;
  return isLoopbackName(host) ? host : null;
}
