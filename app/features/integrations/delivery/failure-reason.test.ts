import { describe, expect, it } from "vitest";
import { resources } from "~/i18n/resources.server";
import { failureReason } from "./failure-reason";

describe("failureReason: a stored CRM failure as a translatable reason, the raw code kept as a detail", () => {
  it.each([
    ["network", "fetch failed: ENOTFOUND", "dns", "ENOTFOUND"],
    ["network", "fetch failed: EAI_AGAIN", "dns", "EAI_AGAIN"],
    ["network", "fetch failed: ECONNREFUSED", "connectionRefused", "ECONNREFUSED"],
    ["network", "fetch failed: ETIMEDOUT", "timeout", "ETIMEDOUT"],
    ["network", "fetch failed: UND_ERR_CONNECT_TIMEOUT", "timeout", "UND_ERR_CONNECT_TIMEOUT"],
    ["network", "fetch failed: ECONNRESET", "connectionReset", "ECONNRESET"],
    ["network", "fetch failed: UND_ERR_SOCKET", "connectionReset", "UND_ERR_SOCKET"],
    ["network", "fetch failed: EHOSTUNREACH", "unreachable", "EHOSTUNREACH"],
    ["network", "fetch failed: CERT_HAS_EXPIRED", "certificate", "CERT_HAS_EXPIRED"],
    ["network", "fetch failed: DEPTH_ZERO_SELF_SIGNED_CERT", "certificate", "DEPTH_ZERO_SELF_SIGNED_CERT"],
    ["network", "fetch failed: UNABLE_TO_VERIFY_LEAF_SIGNATURE", "certificate", "UNABLE_TO_VERIFY_LEAF_SIGNATURE"],
    ["network", "fetch failed: ERR_TLS_CERT_ALTNAME_INVALID", "certificate", "ERR_TLS_CERT_ALTNAME_INVALID"],
    ["network", "fetch failed: EPROTO", "tls", "EPROTO"],
    ["timeout", "no answer within 10000 ms", "timeout", "ETIMEDOUT"],
    ["refused", "crm.internal resolves to 10.0.0.5, which is not a public address (private)", "guardPrivate", "private"],
    ["refused", "only http:// and https:// URLs are fetched", "guardScheme", null],
    ["refused", "more than 5 redirects", "guardRedirects", null],
    ["http-error", "HTTP 503", "http", "HTTP 503"],
    ["http-error", "answer larger than 1048576 bytes", "tooLarge", null],
    ["invalid", "invalid: email is required", "invalid", null],
    ["network", "fetch failed", "network", null],
  ])("%s %j → %s (%s)", (outcome, error, kind, detail) => {
    expect(failureReason(outcome, error)).toMatchObject({ kind, detail });
  });

  it("says nothing when nothing failed", () => {
    expect(failureReason("success", null)).toBeNull();
  });

  it("has every reason in English and German", () => {
    const kinds = [
      "dns",
      "connectionRefused",
      "timeout",
      "connectionReset",
      "unreachable",
      "certificate",
      "tls",
      "guardPrivate",
      "guardScheme",
      "guardRedirects",
      "guard",
      "tooLarge",
      "http",
      "invalid",
      "rateLimited",
      "network",
      "unknown",
    ];
    for (const language of ["en", "de"] as const) {
      const failure = (resources[language].integrations as { failure: Record<string, string> }).failure;
      for (const kind of kinds) expect(failure[kind], `${language} failure.${kind}`).toBeTruthy();
      expect(failure.withDetail).toContain("{{detail}}");
    }
  });
});
