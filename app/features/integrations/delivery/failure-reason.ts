/**
 * Why a request to a CRM or webhook failed, in the reader's language. The
 * log keeps what Node and the outbound guard said ("fetch failed: ENOTFOUND",
 * "no answer within 10000 ms", "10.0.0.1 is not a public address (private)");
 * the screens translate it when they show it, and keep the raw code beside
 * the reason as a detail ("(ENOTFOUND)") for whoever has to look further.
 */

export type FailureKind =
  | "dns"
  | "connectionRefused"
  | "timeout"
  | "connectionReset"
  | "unreachable"
  | "certificate"
  | "tls"
  | "guardPrivate"
  | "guardScheme"
  | "guardRedirects"
  | "guard"
  | "tooLarge"
  | "http"
  | "invalid"
  | "rateLimited"
  | "network"
  | "unknown";

export interface FailureReason {
  /** The translation key, under `failure.` of the integrations namespace. */
  kind: FailureKind;
  values: Record<string, string>;
  /** The raw code or status shown in parentheses after the reason; null when there is none worth showing. */
  detail: string | null;
}

const CODE =
  /\b(?:ERR_[A-Z0-9_]+|UND_ERR_[A-Z0-9_]+|E[A-Z][A-Z0-9_]{2,}|CERT_[A-Z_]+|UNABLE_TO_[A-Z_]+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH)\b/;

const BY_CODE: Array<[RegExp, FailureKind]> = [
  [/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL|EAI_NODATA)$/, "dns"],
  [/^ECONNREFUSED$/, "connectionRefused"],
  [/^(ETIMEDOUT|ESOCKETTIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT)$/, "timeout"],
  [/^(ECONNRESET|ECONNABORTED|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/, "connectionReset"],
  [/^(EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN|EADDRNOTAVAIL)$/, "unreachable"],
  [/CERT|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|HOSTNAME_MISMATCH|SELF_SIGNED/, "certificate"],
  [/^(EPROTO|ERR_SSL_[A-Z0-9_]+|ERR_TLS_[A-Z0-9_]+)$/, "tls"],
];

/** The reason for a stored error, judged by its outcome and text; null when nothing failed. */
export function failureReason(outcome: string, error: string | null | undefined): FailureReason | null {
  if (!error) return null;
  const code = CODE.exec(error)?.[0] ?? null;
  if (code) {
    const kind = BY_CODE.find(([pattern]) => pattern.test(code))?.[1] ?? (outcome === "timeout" ? "timeout" : "network");
    return { kind, values: {}, detail: code };
  }
  const http = /^HTTP (\d{3})\b/.exec(error);
  if (http) return { kind: "http", values: { status: http[1]! }, detail: `HTTP ${http[1]}` };
  const timeout = /no answer within (\d+) ms/.exec(error);
  if (timeout || outcome === "timeout") return { kind: "timeout", values: {}, detail: "ETIMEDOUT" };
  if (/answer larger than \d+ bytes/.test(error)) return { kind: "tooLarge", values: {}, detail: null };
  if (error.startsWith("rate-limited")) return { kind: "rateLimited", values: {}, detail: null };
  if (outcome === "invalid" || error.startsWith("invalid:")) return { kind: "invalid", values: {}, detail: null };
  if (outcome === "refused") {
    const range = /is not a public address \(([^)]+)\)/.exec(error);
    if (range) return { kind: "guardPrivate", values: {}, detail: range[1]! };
    if (/only http:\/\/ and https:\/\//.test(error)) return { kind: "guardScheme", values: {}, detail: null };
    if (/redirects?|sent again after a redirect/.test(error)) return { kind: "guardRedirects", values: {}, detail: null };
    return { kind: "guard", values: {}, detail: null };
  }
  if (outcome === "network" || /fetch failed/.test(error)) return { kind: "network", values: {}, detail: null };
  return { kind: "unknown", values: {}, detail: error.slice(0, 120) };
}

/** The reason as a sentence, with its detail in parentheses; null when nothing failed. */
export function describeFailure(t: (key: string, values?: Record<string, string>) => string, outcome: string, error: string | null | undefined): string | null {
  const reason = failureReason(outcome, error);
  if (!reason) return null;
  const sentence = t(`failure.${reason.kind}`, reason.values);
  return reason.detail ? t("failure.withDetail", { reason: sentence, detail: reason.detail }) : sentence;
}
