import { describe, expect, it } from "vitest";
import { isForeignOriginRequest } from "./same-origin";

const SITE = "https://voxboard.example.com";

function check(method: string, { origin = null, secFetchSite = null }: { origin?: string | null; secFetchSite?: string | null } = {}) {
  return isForeignOriginRequest({ method, origin, secFetchSite, expectedOrigin: SITE });
}

describe("isForeignOriginRequest", () => {
  it("refuses a POST from a foreign Origin", () => {
    expect(check("POST", { origin: "https://evil.test" })).toBe(true);
    // Look-alikes are foreign too: another port, scheme or subdomain.
    expect(check("POST", { origin: "https://voxboard.example.com:8443" })).toBe(true);
    expect(check("POST", { origin: "http://voxboard.example.com" })).toBe(true);
    expect(check("POST", { origin: "https://voxboard.example.com.evil.test" })).toBe(true);
    // Sandboxed frames and privacy-stripped requests send "null".
    expect(check("POST", { origin: "null" })).toBe(true);
  });

  it("allows a POST from this site's Origin", () => {
    expect(check("POST", { origin: SITE })).toBe(false);
  });

  it("refuses other state-changing methods from a foreign Origin", () => {
    for (const method of ["PUT", "PATCH", "DELETE", "post"]) {
      expect({ method, foreign: check(method, { origin: "https://evil.test" }) }).toEqual({ method, foreign: true });
    }
  });

  it("refuses Sec-Fetch-Site cross-site and same-site, allows same-origin", () => {
    expect(check("POST", { secFetchSite: "cross-site" })).toBe(true);
    expect(check("POST", { secFetchSite: "same-site" })).toBe(true);
    expect(check("POST", { secFetchSite: "same-origin" })).toBe(false);
  });

  it("trusts Sec-Fetch-Site over Origin when a browser sends both", () => {
    expect(check("POST", { secFetchSite: "cross-site", origin: SITE })).toBe(true);
    expect(check("POST", { secFetchSite: "same-origin", origin: SITE })).toBe(false);
  });

  it("always allows GET, HEAD and OPTIONS", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) {
      expect({ method, foreign: check(method, { origin: "https://evil.test", secFetchSite: "cross-site" }) }).toEqual({ method, foreign: false });
    }
  });

  it("allows a request without either header (not a browser, so no ambient cookies)", () => {
    expect(check("POST")).toBe(false);
  });
});
