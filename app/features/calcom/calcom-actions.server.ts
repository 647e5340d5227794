import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { GateContext } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { readFormData } from "~/lib/http/form-body.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { isCalcomError, type CalcomErrorKind } from "./calcom-client.server";
import { connectCalcom, disconnectCalcom, getConnection, regenerateWebhookSecret } from "./connections.server";
import { ConnectCalcomSchema } from "./schemas";
import { importEventTypes, pullBookings } from "./sync.server";
import { badRequest, forbidden } from "~/lib/http/errors.server";

/** Which field a failed connection test belongs to: a refused key at the key, an address problem at the base URL, the rest for the form. */
const FIELD_FOR: Partial<Record<CalcomErrorKind, "apiKey" | "baseUrl">> = {
  unauthorized: "apiKey",
  "invalid-base-url": "baseUrl",
  "refused-address": "baseUrl",
  "not-found": "baseUrl",
  "invalid-response": "baseUrl",
};

/** The answer that carries a new webhook secret: never stored by a browser or a proxy, as with a new API key. */
function secretShownOnce(intent: "connect" | "regenerate-secret", webhookSecret: string) {
  return data({ intent, result: { status: "success" as const }, webhookSecret }, { headers: { "Cache-Control": "no-store" } });
}

export async function handleCalcomAction(request: Request, gate: GateContext, organizationId: string) {
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const permission = intent === "disconnect" ? "delete" : intent === "connect" ? "create" : "update";
  if (!can(gate.user.permissions, "calcom", permission)) throw await forbidden(request);
  const tenantId = gate.tenant.id;

  if (intent === "connect") {
    const submission = parseWithZod(formData, { schema: ConnectCalcomSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: ["apiKey"] }) }, { status: 400 });
    const teamOk = gate.selection.organizations
      .find((organization) => organization.id === organizationId)
      ?.teams.some((team) => team.id === submission.value.teamId);
    if (!teamOk)
      return data({ intent, result: submission.reply({ fieldErrors: { teamId: ["validation.teamRequired"] }, hideFields: ["apiKey"] }) }, { status: 400 });
    let connected: Awaited<ReturnType<typeof connectCalcom>>;
    try {
      connected = await connectCalcom(tenantId, organizationId, {
        apiKey: submission.value.apiKey,
        baseUrl: submission.value.baseUrl || null,
        teamId: submission.value.teamId,
        actorUserId: gate.user.id,
      });
    } catch (error) {
      if (!isCalcomError(error)) throw error;
      const field = FIELD_FOR[error.kind];
      const message = `errors.${error.kind}`;
      return data(
        {
          intent,
          result: submission.reply(field ? { fieldErrors: { [field]: [message] }, hideFields: ["apiKey"] } : { formErrors: [message], hideFields: ["apiKey"] }),
        },
        { status: 400 },
      );
    }
    // A new connection's webhook secret is shown in this answer only, never again (issue 22, item 7); a reconnection keeps its secret.
    if (connected.webhookSecret) return secretShownOnce("connect", connected.webhookSecret);
    return redirectWithToast("/calcom", { type: "success", key: "calcom:toast.connected" });
  }

  const connection = await getConnection(tenantId, organizationId);
  if (!connection) return redirectWithToast("/calcom", { type: "error", key: "calcom:toast.notConnected" });
  try {
    if (intent === "import-event-types") {
      const report = await importEventTypes(connection);
      return redirectWithToast("/calcom", { type: "success", key: "calcom:toast.imported", values: { created: report.created, updated: report.updated } });
    }
    if (intent === "sync") {
      const report = await pullBookings(connection);
      return redirectWithToast("/calcom", {
        type: "success",
        key: "calcom:toast.synced",
        values: { seen: report.seen, created: report.outcomes.created, moved: report.outcomes.moved, cancelled: report.outcomes.cancelled },
      });
    }
  } catch (error) {
    if (!isCalcomError(error)) throw error;
    return data({ intent, result: { status: "error" as const, error: { "": [`errors.${error.kind}`] } } }, { status: 502 });
  }
  if (intent === "regenerate-secret") {
    return secretShownOnce(intent, await regenerateWebhookSecret(tenantId, organizationId, gate.user.id));
  }
  if (intent === "disconnect") {
    await disconnectCalcom(tenantId, organizationId);
    return redirectWithToast("/calcom", { type: "success", key: "calcom:toast.disconnected" });
  }
  badRequest("Unknown intent");
}
