import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

/**
 * A voice platform tells us where to fetch audio; without a check, a key
 * holder could make the server fetch from inside its own network (cloud
 * metadata at 169.254.169.254, admin ports on 127.0.0.1). Only public
 * unicast addresses are allowed unless AUDIO_FETCH_ALLOW_PRIVATE=1.
 */
const PRIVATE_V4: Array<[number, number]> = [
  [ipv4ToInt("0.0.0.0"), 8],
  [ipv4ToInt("10.0.0.0"), 8],
  [ipv4ToInt("100.64.0.0"), 10],
  [ipv4ToInt("127.0.0.0"), 8],
  [ipv4ToInt("169.254.0.0"), 16],
  [ipv4ToInt("172.16.0.0"), 12],
  [ipv4ToInt("192.0.0.0"), 24],
  [ipv4ToInt("192.168.0.0"), 16],
  [ipv4ToInt("198.18.0.0"), 15],
  [ipv4ToInt("224.0.0.0"), 4],
  [ipv4ToInt("240.0.0.0"), 4],
];

function ipv4ToInt(address: string) {
  return address.split(".").reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) {
    const value = ipv4ToInt(address);
    return PRIVATE_V4.some(([base, bits]) => (value >>> (32 - bits)) === (base >>> (32 - bits)));
  }
  if (family === 6) {
    const lower = address.toLowerCase();
    const mapped = lower.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
    if (mapped) return isPrivateAddress(mapped[1]!);
    if (lower === "::" || lower === "::1") return true;
    const firstGroup = Number.parseInt(lower.split(":")[0] || "0", 16);
    // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast
    return (firstGroup & 0xfe00) === 0xfc00 || (firstGroup & 0xffc0) === 0xfe80 || (firstGroup & 0xff00) === 0xff00;
  }
  return true;
}

/** Throws when the URL's host is, or resolves to, a non-public address. */
export async function assertPublicHost(url: URL) {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  const blocked = addresses.find(isPrivateAddress);
  if (blocked !== undefined) throw new Error(`${host} resolves to ${blocked}, which is not a public address`);
}
