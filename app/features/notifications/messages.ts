import { formatDate, formatMoney } from "~/i18n/format";

/**
 * What a notification says, made when it is read (docs/decisions/0059-notifications.md):
 * a row stores its kind and the parameters of its message, never the text, so
 * the bell, the page and the digest email show it in the reader's language.
 */
export const NOTIFICATION_KINDS = [
  "import-finished",
  "import-failed",
  "campaign-completed",
  "appointment-booked",
  "appointment-cancelled",
  "ticket-assigned",
  "renewal-failed",
  "auto-topup-failed",
  "integration-failing",
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type NotificationParams = Record<string, string | number>;

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === "string" && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** The stored JSON, read defensively: a value that is not a string or number is left out rather than shown as "[object Object]". */
export function parseParams(json: string): NotificationParams {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    const params: NotificationParams = {};
    for (const [key, entry] of Object.entries(value)) {
      if (typeof entry === "string" || typeof entry === "number") params[key] = entry;
    }
    return params;
  } catch {
    return {};
  }
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The message in the translator's language. `t` must read the `notifications`
 * namespace. An unknown kind (a row written by a newer version) reads as the
 * generic title rather than a raw key. Parameters are not HTML-escaped here:
 * React escapes them, and the digest email is plain text.
 */
export function notificationMessage(t: Translate, kind: string, params: NotificationParams, language: string): string {
  if (!isNotificationKind(kind)) return t("title");
  return t(`kinds.${kind}`, { ...params, ...formatted(kind, params, language), interpolation: { escapeValue: false } });
}

/** Amounts and dates are stored raw and formatted for the reader (an amount in cents with its currency, a date as ISO). */
function formatted(kind: NotificationKind, params: NotificationParams, language: string): NotificationParams {
  if (kind === "auto-topup-failed") return { amount: formatMoney(Number(params.amountCents), String(params.currency), language) };
  if (kind === "renewal-failed" && typeof params.graceEndsAt === "string") return { graceEndsAt: formatDate(params.graceEndsAt, language, "UTC") };
  return {};
}
