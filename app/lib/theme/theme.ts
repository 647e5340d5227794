export type Theme = "light" | "dark";

/** A stored 'system' or unknown value becomes light; the default is light (docs/product/behaviour.md#theme). */
export function normaliseTheme(value: unknown): Theme {
  return value === "dark" ? "dark" : "light";
}
