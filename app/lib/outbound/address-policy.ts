import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which addresses the server may connect to on a tenant's behalf: public
 * unicast only. Judged on the parsed address, never its spelling: an
 * IPv4-mapped IPv6 address (::ffff:127.0.0.1, which URL.hostname writes as
 * ::ffff:7f00:1) and a NAT64 one (64:ff9b::7f00:1) are the IPv4 address they
 * carry. Everything ipaddr.js puts in a special range (loopback, private,
 * link-local, carrier-grade NAT, multicast, reserved, documentation, 6to4,
 * Teredo and the rest) is refused, and so is IPv6 outside 2000::/3, the
 * only block handed out for global unicast.
 */
export type AddressVerdict = { allowed: true } | { allowed: false; range: string };

const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96");
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  if (address.match(NAT64_WELL_KNOWN)) return ipaddr.fromByteArray(address.toByteArray().slice(12)) as ipaddr.IPv4;
  return null;
}

export function judgeAddress(text: string): AddressVerdict {
  // net.isIP, not ipaddr's own parser, decides what an address is: ipaddr also reads forms such as 0x7f.1 that no resolver returns.
  if (isIP(text) === 0) return { allowed: false, range: "not an IP address" };
  let address: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(text);
  if (address.kind() === "ipv6") {
    const inner = embeddedIPv4(address as ipaddr.IPv6);
    if (inner) address = inner;
    else if (!address.match(GLOBAL_UNICAST_V6))
      return { allowed: false, range: (address as ipaddr.IPv6).range() === "unicast" ? "unassigned" : address.range() };
  }
  const range = address.range();
  return range === "unicast" ? { allowed: true } : { allowed: false, range };
}

export function isPublicAddress(text: string) {
  return judgeAddress(text).allowed;
}
