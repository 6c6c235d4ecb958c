import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EMPTY_ALLOW_LIST,
  hostAllowed,
  isRefusedAddress,
  mayConnectTo,
  parseOutboundAllow,
  refusedLiteralHost,
  type OutboundAllowList,
} from "~/integrations/http/outbound-address.server";

/** The guarded client's address rules (decision 0061): the refused ranges, the literal hosts refused at save, OUTBOUND_ALLOW. */
const allowList = (text: string): OutboundAllowList => {
  const parsed = parseOutboundAllow(text);
  if (!parsed.ok) throw new Error(parsed.entry);
  return parsed.list;
};

const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = (first: fc.Arbitrary<number>, second: fc.Arbitrary<number> = octet) => fc.tuple(first, second, octet, octet).map((parts) => parts.join("."));
const hex16 = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
const ipv6 = (first: fc.Arbitrary<number>) =>
  fc.tuple(first, fc.array(hex16, { minLength: 7, maxLength: 7 })).map(([head, rest]) => [head.toString(16), ...rest].join(":"));

/** IPv4 addresses in a refused range, by range. */
const refusedIpv4 = fc.oneof(
  ipv4(fc.constant(0)),
  ipv4(fc.constant(10)),
  ipv4(fc.constant(100), fc.integer({ min: 64, max: 127 })),
  ipv4(fc.constant(127)),
  ipv4(fc.constant(169), fc.constant(254)),
  ipv4(fc.constant(172), fc.integer({ min: 16, max: 31 })),
  ipv4(fc.constant(192), fc.constant(168)),
  ipv4(fc.integer({ min: 224, max: 255 })),
);
/** Public IPv4 addresses: first octets outside every refused range. */
const publicIpv4 = ipv4(fc.integer({ min: 1, max: 223 }).filter((first) => ![10, 100, 127, 169, 172, 192, 198].includes(first)));
const refusedIpv6 = fc.oneof(
  ipv6(fc.integer({ min: 0xfc00, max: 0xfdff })),
  ipv6(fc.integer({ min: 0xfe80, max: 0xfebf })),
  ipv6(fc.integer({ min: 0xff00, max: 0xffff })),
);
/** Global unicast (2000::/3). */
const publicIpv6 = ipv6(fc.integer({ min: 0x2000, max: 0x3fff }));

describe("the refused ranges", () => {
  it("refuses the explicit cases: loopback, link-local, private, unspecified, multicast, and their IPv4-mapped IPv6 forms", () => {
    const refused = [
      "127.0.0.1",
      "127.255.255.254",
      "169.254.169.254",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "0.0.0.0",
      "224.0.0.1",
      "239.255.255.250",
      "255.255.255.255",
      "100.100.100.200",
      "::1",
      "::",
      "fe80::1",
      "fc00::1",
      "fd12:3456:789a::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:169.254.169.254",
      "::ffff:10.0.0.1",
      "0:0:0:0:0:ffff:c0a8:101",
    ];
    for (const address of refused) expect(isRefusedAddress(address), address).toBe(true);
    for (const address of [
      "8.8.8.8",
      "1.1.1.1",
      "172.32.0.1",
      "172.15.255.255",
      "192.169.0.1",
      "100.128.0.1",
      "::ffff:8.8.8.8",
      "2606:4700:4700::1111",
      "2001:4860:4860::8888",
    ]) {
      expect(isRefusedAddress(address), address).toBe(false);
    }
    expect(isRefusedAddress("not an address")).toBe(true);
  });

  it("refuses every generated address in the ranges, in IPv4 and IPv4-mapped IPv6 forms, and passes generated public ones", () => {
    fc.assert(fc.property(refusedIpv4, (address) => isRefusedAddress(address) && isRefusedAddress(`::ffff:${address}`)));
    fc.assert(fc.property(refusedIpv6, (address) => isRefusedAddress(address)));
    fc.assert(fc.property(publicIpv4, (address) => !isRefusedAddress(address) && !isRefusedAddress(`::ffff:${address}`)));
    fc.assert(fc.property(publicIpv6, (address) => !isRefusedAddress(address)));
  });
});

describe("OUTBOUND_ALLOW", () => {
  it("reads host names, addresses and CIDR ranges, and names the first entry that is none of those", () => {
    const list = allowList(" provider-gateway.internal , 127.0.0.1, 10.20.0.0/16, [fd00::5], LOCALHOST. ");
    expect(list.entries).toEqual(["provider-gateway.internal", "127.0.0.1", "10.20.0.0/16", "[fd00::5]", "LOCALHOST."]);
    expect(hostAllowed("Provider-Gateway.Internal", list)).toBe(true);
    expect(hostAllowed("localhost", list)).toBe(true);
    expect(hostAllowed("other.internal", list)).toBe(false);
    expect(mayConnectTo("10.20.3.4", list)).toBe(true);
    expect(mayConnectTo("::ffff:10.20.3.4", list)).toBe(true);
    expect(mayConnectTo("10.21.0.1", list)).toBe(false);
    expect(mayConnectTo("fd00::5", list)).toBe(true);
    expect(mayConnectTo("127.0.0.2", list)).toBe(false);
    expect(allowList("").entries).toEqual([]);
    for (const bad of ["http://x.example", "10.0.0.0/33", "::/129", "10.0.0.0/8/1", "host_name", "a..b", "10.0.0.0/x"]) {
      expect(parseOutboundAllow(`ok.example,${bad}`), bad).toEqual({ ok: false, entry: bad });
    }
  });

  it("lets every generated address of an allowed range through, and no other refused one", () => {
    const list = allowList("10.0.0.0/8");
    fc.assert(fc.property(ipv4(fc.constant(10)), (address) => mayConnectTo(address, list)));
    fc.assert(
      fc.property(
        refusedIpv4.filter((address) => !address.startsWith("10.")),
        (address) => !mayConnectTo(address, list),
      ),
    );
  });
});

describe("a routing's host as written (refused at save)", () => {
  const refused = (text: string, allow = EMPTY_ALLOW_LIST) => refusedLiteralHost(new URL(text), allow);

  it("refuses internal IP literals in any spelling the URL parser accepts, and names that always mean this machine", () => {
    for (const url of [
      "http://127.0.0.1:8080/x",
      "http://127.1/",
      "http://2130706433/",
      "http://0x7f.0.0.1/",
      "http://169.254.169.254/latest/meta-data",
      "http://10.0.0.1/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://[fe80::1]/",
      "http://0.0.0.0/",
      "http://localhost:3000/",
      "http://LOCALHOST./",
      "https://api.localhost/",
      "http://ip6-localhost/",
    ]) {
      expect(refused(url), url).not.toBeNull();
    }
  });

  it("passes ordinary public addresses and names, whose resolved addresses the client checks when it connects", () => {
    for (const url of ["https://provider.example.com/registrations", "http://8.8.8.8/", "https://[2606:4700:4700::1111]/", "https://localhost.example.com/"])
      expect(refused(url), url).toBeNull();
    fc.assert(fc.property(publicIpv4, (address) => refused(`https://${address}/v2`) === null));
    fc.assert(fc.property(refusedIpv4, (address) => refused(`https://${address}/v2`) === address));
  });

  it("passes what the allow-list names", () => {
    const allow = allowList("localhost,127.0.0.1,10.1.0.0/16");
    expect(refused("http://localhost:3000/", allow)).toBeNull();
    expect(refused("http://127.0.0.1:3000/", allow)).toBeNull();
    expect(refused("http://10.1.2.3/", allow)).toBeNull();
    expect(refused("http://10.2.0.1/", allow)).toBe("10.2.0.1");
    expect(refused("http://[::1]/", allow)).toBe("::1");
  });
});
