/**
 * The one rule for a URL a tenant hands us to call later (a CRM's base URL, a
 * webhook, a custom CRM's endpoints), whether typed into a form, read from an
 * imported file or sent through the API: http or https only (never
 * javascript:, file:, data: or ftp:), no user name or password (they would
 * sit in logs and exports), no fragment (never sent, so it only misleads),
 * at most 2,048 characters. Where the host may point is the outbound guard's
 * business when the request is sent (app/lib/outbound/guard.server.ts).
 */
export const MAX_TENANT_URL_LENGTH = 2048;

export function isTenantHttpUrl(value: string): boolean {
  if (value.length > MAX_TENANT_URL_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password && !url.hash && !value.includes("#");
}
