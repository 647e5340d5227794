import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireReadAccess } from "~/features/access/gate.server";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { recordingColumnsCookieHeader } from "~/features/recordings/list/columns.server";
import { readFormData } from "~/lib/http/form-body.server";

/** Saves the recordings list's column choice (a cookie) and returns to the exact list view it was made on. */
export async function action({ request }: ActionFunctionArgs) {
  await requireReadAccess(request, "recordings");
  const form = await readFormData(request);
  const columns = form.getAll("column").filter((value): value is string => typeof value === "string");
  const reset = form.get("intent") === "reset";
  const headers = { "Set-Cookie": await recordingColumnsCookieHeader(reset ? [] : columns) };
  return redirect(safeRedirectPath(form.get("returnTo"), "/recordings"), { headers });
}

export const loader = () => redirect("/recordings");
