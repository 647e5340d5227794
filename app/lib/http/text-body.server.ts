import { jsonErrorResponse } from "./errors.server";

/**
 * A request body that is not a form (a signed webhook), read as text with a
 * byte limit counted as it arrives: past the limit the request is answered
 * 413 without reading the rest into memory.
 */
export async function readTextBody(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function tooLarge(maxBytes: number) {
  return jsonErrorResponse(
    413,
    { error: "payload_too_large", message: `The body is larger than ${maxBytes} bytes.` },
    { headers: { "Content-Type": "application/json" } },
  );
}
