import { describe, expect, it } from "vitest";
import { phoneDisplays } from "./display.server";
import { formatPhoneForDisplay } from "./phone";

describe("phoneDisplays", () => {
  it("gives each number its display form, the same on the second page as on the first", () => {
    const numbers = ["+14165550123", "+493012345678", "4165550199", "__proto__", "", null];
    const first = phoneDisplays(numbers);
    const second = phoneDisplays(numbers);
    expect(second).toEqual(first);
    expect(first["+14165550123"]).toBe("+1 (416) 555-0123");
    expect(first["+493012345678"]).toBe(formatPhoneForDisplay("+493012345678"));
    expect(first["__proto__"]).toBe("__proto__");
    expect(Object.keys(first).sort()).toEqual(["+14165550123", "+493012345678", "4165550199", "__proto__"]);
  });

  it("keeps a national number's form apart per default country (the key includes it)", () => {
    const german = phoneDisplays(["030 12345678"], "DE")["030 12345678"];
    const plain = phoneDisplays(["030 12345678"])["030 12345678"];
    expect(german).toBe(formatPhoneForDisplay("030 12345678", "DE"));
    expect(plain).toBe(formatPhoneForDisplay("030 12345678"));
    expect(german).not.toBe(plain);
  });
});
