import { describe, expect, it, vi } from "vitest";

// The browser build replaces *.server modules by empty ones (every import is undefined): so does this test.
vi.mock("./phone-library.server", () => ({ formatPhoneForDisplay: undefined, isValidPhoneNumber: undefined, toE164: undefined }));

const { isValidPhoneNumber, loadPhoneLibrary, toE164 } = await import("./phone-check");

describe("phone-check in the browser", () => {
  it("judges by our own phone rules until the library has loaded, leaving the rest to the server", () => {
    expect(isValidPhoneNumber("(416) 555-0101", "US")).toBe(true);
    expect(isValidPhoneNumber("12345", "US")).toBe(false);
    // A North American number needs an area code starting with 2 to 9, library or not.
    expect(isValidPhoneNumber("030 1234567", "US")).toBe(false);
    // Only the library knows that no country has the calling code 999, or what a German national number is.
    expect(isValidPhoneNumber("+999 123 456 789 012")).toBe(true);
    expect(isValidPhoneNumber("030 5550 1234", "DE")).toBe(true);
    expect(toE164("030 5550 1234", "DE")).toBeNull();
    expect(toE164("(416) 555-0101", "US")).toBe("+14165550101");
  });

  it("uses the whole library once a phone field has loaded it", async () => {
    await loadPhoneLibrary();
    expect(isValidPhoneNumber("+999 123 456 789 012")).toBe(false);
    expect(toE164("030 5550 1234", "DE")).toBe("+493055501234");
  });
});
