import { createCookie } from "@remix-run/node";
import { normaliseColumns, type RecordingColumn } from "./columns";

const YEAR = 365 * 24 * 3600;
// A display preference like the theme (docs/decisions/0005-browser-state-in-cookies.md): the server renders the table as the user set it up.
export const recordingColumnsCookie = createCookie("recording-columns", { path: "/", sameSite: "lax", httpOnly: true, maxAge: YEAR });

export async function readRecordingColumns(request: Request): Promise<RecordingColumn[]> {
  return normaliseColumns(await recordingColumnsCookie.parse(request.headers.get("Cookie")));
}

export async function recordingColumnsCookieHeader(columns: readonly string[]) {
  return recordingColumnsCookie.serialize(normaliseColumns(columns));
}
