import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { GateContext } from "~/features/access/gate.server";
import { moveContactToList, setContactOptedOut } from "~/features/contacts/contacts.server";
import { displayName } from "~/features/contacts/paths";
import { badRequest, notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { CONTACT_CENTER_PATH } from "./center-params";
import { moveListSchema, optOutSchema } from "./schemas";

/**
 * The quick actions a contact's page posts to itself (the route gate has
 * checked "update" on contacts): opt out or back in, and move to another
 * list. Each redirects back to the exact view it was posted from (timeline
 * filter, page and search kept) with a toast; a list that is not the
 * tenant's is a message at the list field.
 */
export async function handleQuickAction(request: Request, gate: GateContext, contact: { id: string; firstName: string; lastName: string }) {
  const formData = await readFormData(request);
  const url = new URL(request.url);
  const back = safeRedirectPath(`${url.pathname}${url.search}`, CONTACT_CENTER_PATH);
  const name = displayName(contact);
  const tenantId = gate.tenant.id;

  if (formData.get("intent") === "opt-out") {
    const parsed = optOutSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) badRequest();
    const optedOut = parsed.data.optedOut === "1";
    const done = await orFailed("Changing an opt-out", () =>
      setContactOptedOut(tenantId, contact.id, optedOut, { source: "contact-center", actorUserId: gate.user.id }),
    );
    if (done === FAILED) return redirectWithToast(back, { type: "error", key: "contact-center:toast.failed" });
    if (!done) notFound();
    return redirectWithToast(back, { type: "success", key: optedOut ? "contact-center:toast.optedOut" : "contact-center:toast.optedIn", values: { name } });
  }

  const submission = parseWithZod(formData, { schema: moveListSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const moved = await orFailed("Moving a contact to a list", () => moveContactToList(tenantId, contact.id, submission.value.listId));
  if (moved === FAILED) return data({ result: submission.reply({ formErrors: ["toast.failed"] }) }, { status: 500 });
  if (!moved) return data({ result: submission.reply({ fieldErrors: { listId: ["validation.listMissing"] } }) }, { status: 400 });
  return redirectWithToast(back, { type: "success", key: "contact-center:toast.moved", values: { name } });
}
