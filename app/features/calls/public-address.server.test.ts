import { describe, expect, it } from "vitest";
import { assertPublicHost, isPrivateAddress } from "./public-address.server";

describe("public addresses for audio fetches", () => {
  it.each(["127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "::1", "::", "fd00::1", "fe80::1", "::ffff:127.0.0.1"])(
    "%s is not public",
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])("%s is public", (address) => expect(isPrivateAddress(address)).toBe(false));

  it("refuses literal and named local hosts", async () => {
    await expect(assertPublicHost(new URL("http://127.0.0.1:8080/a.wav"))).rejects.toThrow(/not a public address/);
    await expect(assertPublicHost(new URL("http://[::1]/a.wav"))).rejects.toThrow(/not a public address/);
    await expect(assertPublicHost(new URL("http://localhost/a.wav"))).rejects.toThrow(/not a public address/);
  });
});
