import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./headers";

const directives = (policy: string) => Object.fromEntries(policy.split("; ").map((directive) => [directive.split(" ")[0], directive]));

describe("contentSecurityPolicy", () => {
  it("allows scripts only from us and this response's nonce, and no other origin, by default", () => {
    const policy = directives(contentSecurityPolicy("abc"));
    expect(policy["script-src"]).toBe("script-src 'self' 'nonce-abc'");
    expect(policy["connect-src"]).toBe("connect-src 'self'");
    expect(policy["frame-src"]).toBeUndefined();
    expect(contentSecurityPolicy("abc", { supportChatOrigin: null })).toBe(contentSecurityPolicy("abc"));
  });

  it("allows the support chat's origin when it is given (docs/product/behaviour.md#support-chat), and only it", () => {
    const policy = directives(contentSecurityPolicy("abc", { supportChatOrigin: "https://chat.example.com" }));
    expect(policy["script-src"]).toBe("script-src 'self' 'nonce-abc' https://chat.example.com");
    expect(policy["connect-src"]).toBe("connect-src 'self' https://chat.example.com");
    expect(policy["img-src"]).toBe("img-src 'self' data: blob: https://chat.example.com");
    expect(policy["frame-src"]).toBe("frame-src 'self' https://chat.example.com");
    expect(policy["default-src"]).toBe("default-src 'self'");
    expect(policy["form-action"]).toBe("form-action 'self'");
    expect(policy["frame-ancestors"]).toBe("frame-ancestors 'none'");
  });

  it("lets forms end up at the single sign-on provider only when its origin is given (docs/product/single-sign-on.md)", () => {
    const policy = directives(contentSecurityPolicy("abc", { ssoOrigin: "https://accounts.google.com" }));
    expect(policy["form-action"]).toBe("form-action 'self' https://accounts.google.com");
    expect(policy["script-src"]).toBe("script-src 'self' 'nonce-abc'");
    expect(policy["connect-src"]).toBe("connect-src 'self'");
  });
});
