import { formatDate, formatNumber } from "~/i18n/format";
import type { FieldValue } from "./template-definition";

/**
 * A field's value as a person reads it, in their language: yes/no
 * translated, numbers and dates in the language's notation, text as said.
 * `t` is the post-call namespace's.
 */
export function showFieldValue(value: FieldValue | null, found: boolean, language: string, t: (key: string) => string) {
  if (!found || value === null) return t("values.notFound");
  if (typeof value === "boolean") return value ? t("common.yes") : t("common.no");
  if (typeof value === "number") return formatNumber(value, language);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(`${value}T12:00:00Z`, language, "UTC");
  return value;
}

/** "0:42", "12:05", "1:02:03": where in the recording a value was said. */
export function clockOf(seconds: number) {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
