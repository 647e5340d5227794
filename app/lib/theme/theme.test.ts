import { expect, it } from "vitest";
import { normaliseTheme } from "./theme";

it("keeps dark, and turns system, unknown or missing values into light", () => {
  expect(normaliseTheme("dark")).toBe("dark");
  expect(normaliseTheme("light")).toBe("light");
  expect(normaliseTheme("system")).toBe("light");
  expect(normaliseTheme("purple")).toBe("light");
  expect(normaliseTheme(undefined)).toBe("light");
});
