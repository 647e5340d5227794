/**
 * One request to a connected voice platform's API (Vapi, Retell): JSON in and
 * out, the tenant's key as a bearer token, a timeout, and every failure as a
 * VoiceProviderError whose kind the pages translate (agents.json
 * "platform.errors.<kind>") and whose detail (the platform's own words) the
 * activity log and the agent's push status keep. The base URLs are the
 * server's (VAPI_API_URL, RETELL_API_URL), never a tenant's, so these requests
 * do not go through the outbound guard; recordings the platforms link to do.
 */
export type VoiceProviderErrorKind = "unauthorized" | "refused" | "unavailable" | "timeout";

export class VoiceProviderError extends Error {
  constructor(
    readonly kind: VoiceProviderErrorKind,
    readonly detail: string,
    readonly status: number | null = null,
  ) {
    super(detail);
    this.name = "VoiceProviderError";
  }
}

/** The longest piece of a platform's answer kept as a detail. */
const MAX_DETAIL = 300;
const clip = (text: string) => (text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text);

/** The platform's own message when its error body has one (Vapi: message, string or list; Retell: error_message), else the body's start. */
export function providerMessage(body: string) {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    for (const key of ["message", "error_message", "error"]) {
      const value = parsed[key];
      if (typeof value === "string") return clip(value);
      if (Array.isArray(value) && value.every((item) => typeof item === "string")) return clip(value.join("; "));
    }
  } catch {
    // Not JSON: the text itself.
  }
  return clip(body.trim());
}

export interface ProviderRequest {
  method: "GET" | "POST" | "PATCH";
  /** Base URL and path, e.g. https://api.vapi.ai + /assistant. */
  url: string;
  apiKey: string;
  body?: unknown;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export async function providerRequest<T>({ method, url, apiKey, body, timeoutMs, fetch: fetchImpl = fetch }: ProviderRequest): Promise<T> {
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(url, {
      method,
      headers: {
        Authorization: `Bearer ${apiKey}`,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
    text = await response.text();
  } catch (error) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw new VoiceProviderError("timeout", `no answer within ${timeoutMs} ms`);
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
    throw new VoiceProviderError("unavailable", clip(`unreachable: ${cause}`));
  }
  if (response.status === 401 || response.status === 403)
    throw new VoiceProviderError("unauthorized", providerMessage(text) || `HTTP ${response.status}`, response.status);
  if (response.status >= 500) throw new VoiceProviderError("unavailable", `HTTP ${response.status}: ${providerMessage(text)}`, response.status);
  if (!response.ok) throw new VoiceProviderError("refused", `HTTP ${response.status}: ${providerMessage(text)}`, response.status);
  try {
    return (text ? JSON.parse(text) : {}) as T;
  } catch {
    throw new VoiceProviderError("unavailable", "the answer was not JSON", response.status);
  }
}
