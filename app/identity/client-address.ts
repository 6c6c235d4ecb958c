import net from "node:net";

/**
 * The client address as the sign-in throttle counts it: an IPv4 address as it is (also when it
 * arrives IPv4-mapped, ::ffff:192.0.2.7), an IPv6 address as its /64 network, which is what one
 * host or home line is given; counting single IPv6 addresses would let one client take a new
 * address for every guess.
 */
export function throttledAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped && net.isIPv4(mapped[1])) return mapped[1];
  if (!net.isIPv6(address)) return address;
  return `${firstFourGroups(address).join(":")}::/64`;
}

/** The first four 16-bit groups of a valid IPv6 address, in lower-case hex without leading zeros. */
function firstFourGroups(address: string): string[] {
  // A zone id (%eth0) is not part of the address; an IPv4 tail stands for the last two groups.
  const plain = address.split("%")[0].replace(/\d{1,3}(?:\.\d{1,3}){3}$/, "0:0");
  const [head, tail] = plain.split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill("0"), ...back];
  return groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
}
