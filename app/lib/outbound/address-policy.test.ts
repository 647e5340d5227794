import { describe, expect, it } from "vitest";
import { judgeAddress } from "./address-policy";

describe("which addresses outbound requests may reach", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "192.0.2.1",
    "198.18.0.1",
    "::1",
    "::",
    "fd00::1",
    "fe80::1",
    "ff02::1",
    // IPv4-mapped, as written by hand and as URL.hostname writes it
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "0:0:0:0:0:ffff:7f00:1",
    "::ffff:169.254.169.254",
    "::ffff:a9fe:a9fe",
    "::ffff:10.0.0.1",
    // NAT64 around a private IPv4, and the local-use NAT64 prefix
    "64:ff9b::127.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "64:ff9b:1::a00:1",
    // IPv4-compatible (deprecated), 6to4, Teredo, documentation, outside 2000::/3
    "::127.0.0.1",
    "2002:7f00:1::1",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "2001:db8::1",
    "4000::1",
    "not an address",
    "0x7f.1",
  ])("%s is refused", (address) => {
    expect(judgeAddress(address).allowed).toBe(false);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8", "64:ff9b::808:808"])(
    "%s is public",
    (address) => {
      expect(judgeAddress(address)).toEqual({ allowed: true });
    },
  );

  it("names the range it refused", () => {
    expect(judgeAddress("::ffff:7f00:1")).toEqual({ allowed: false, range: "loopback" });
    expect(judgeAddress("64:ff9b::a9fe:a9fe")).toEqual({ allowed: false, range: "linkLocal" });
  });
});
