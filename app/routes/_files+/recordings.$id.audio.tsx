import { createHash } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireReadAccess } from "~/features/access/gate.server";
import { getAudioStore } from "~/features/calls/audio-store.server";
import { contentRange, ifNoneMatchMatches, ifRangeAllowsPartial, parseRangeHeader, unsatisfiedContentRange } from "~/features/recordings/list/range";
import { getCallAudio } from "~/features/recordings/recording.server";
import { errorResponse, notFound } from "~/lib/http/errors.server";

/**
 * The audio of one recording, streamed with HTTP Range support so a player
 * can seek without downloading the file (RFC 9110). A resource route: no
 * layout, and the gate and the tenant check run on every request, ranges
 * included, because audio can be deleted or its call moved out of reach at
 * any moment. Remix calls this loader for HEAD too and drops the body; for
 * HEAD no file is opened at all.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant } = await requireReadAccess(request, "recordings");
  const audio = params.id ? await getCallAudio(tenant.id, params.id) : null;
  if (!audio) notFound();

  const store = getAudioStore();
  const size = await store.size(audio.key);
  if (size === null) notFound();

  // A key names one immutable file (a new upload gets a new key), so key and size identify the bytes.
  const etag = `"${createHash("sha256").update(audio.key).digest("hex").slice(0, 20)}-${size.toString(16)}"`;
  const headers = new Headers({
    "Accept-Ranges": "bytes",
    "Content-Type": audio.mime ?? "application/octet-stream",
    "X-Content-Type-Options": "nosniff",
    // Private to the signed-in tenant and revalidated every time, since a recording can be deleted;
    // no-transform keeps compression away from byte ranges.
    "Cache-Control": "private, no-cache, no-transform",
    ETag: etag,
  });
  if (new URL(request.url).searchParams.get("download") === "1") {
    const extension =
      audio.key
        .split(".")
        .pop()
        ?.replace(/[^a-z0-9]/gi, "") || "audio";
    const name = `recording-${params.id!.replace(/[^A-Za-z0-9_-]/g, "")}.${extension}`;
    headers.set("Content-Disposition", `attachment; filename="${name}"`);
  }

  if (ifNoneMatchMatches(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }

  const rangeHeader = ifRangeAllowsPartial(request.headers.get("If-Range"), etag) ? request.headers.get("Range") : null;
  const range = parseRangeHeader(rangeHeader, size);
  const isHead = request.method === "HEAD";

  if (range.kind === "unsatisfiable") {
    headers.set("Content-Range", unsatisfiedContentRange(size));
    headers.set("Content-Type", "text/plain; charset=utf-8");
    headers.delete("Content-Disposition");
    return errorResponse(416, isHead ? null : "Range Not Satisfiable", { headers });
  }

  if (range.kind === "partial") {
    headers.set("Content-Range", contentRange(range.start, range.end, size));
    headers.set("Content-Length", String(range.end - range.start + 1));
    if (isHead) return new Response(null, { status: 206, headers });
    const body = await store.read(audio.key, { start: range.start, end: range.end });
    if (!body) notFound();
    return new Response(body, { status: 206, headers });
  }

  headers.set("Content-Length", String(size));
  // An empty file cannot be read with an inclusive range; its body is simply empty.
  if (isHead || size === 0) return new Response(null, { status: 200, headers });
  const body = await store.read(audio.key);
  if (!body) notFound();
  return new Response(body, { status: 200, headers });
}
