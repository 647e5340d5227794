export type Theme = "light" | "dark";

/** Spec section 4: a stored 'system' or unknown value becomes light; the default is light. */
export function normaliseTheme(value: unknown): Theme {
  return value === "dark" ? "dark" : "light";
}
