import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import type { GateContext } from "~/features/access/gate.server";
import { readFormData } from "~/lib/http/form-body.server";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { baseUrlProblem } from "./base-url.server";
import { testConnection } from "./connection-test.server";
import { callEndpoint } from "./delivery/crm-calls.server";
import { editConnectionSchema, ExecuteSchema, settingField, WebhookSchema } from "./integration-schemas";
import { requireIntegrationAccess } from "./integration-access.server";
import { settingNames } from "./templates/integration-template";
import {
  deleteIntegration,
  DuplicateIntegration,
  endpointSettingsOf,
  saveEndpointSettings,
  saveMappings,
  setIntegrationStatus,
  templateOf,
  updateConnection,
  type Integration,
} from "./integrations.server";
import { pathParameters } from "./mapping/mapping";
import { knownSourceCheck, previewMappingOn, sampleRecords } from "./mapping/mapping-preview.server";
import { emptyRow, readRows, rowsToMappings } from "./mapping/mapping-rows";
import { integrationPaths } from "./hub/paths";
import { reserveRequest } from "./delivery/rate-windows.server";
import { validatePayload } from "./templates/templates.server";
import type { ExecuteResult } from "./hub/views";
import { deleteWebhook, registerWebhook } from "./delivery/webhooks.server";
import { badRequest, notFound } from "~/lib/http/errors.server";

/**
 * Every form of the integration page. Each intent checks the user's
 * permission in the integration's organization first (update, or delete).
 */
export async function handleIntegrationAction(request: Request, gate: GateContext, integrationId: string) {
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const { integration } = await requireIntegrationAccess(request, gate, integrationId, intent === "delete" ? "delete" : "update");
  const page = integrationPaths.page(integration.id);
  switch (intent) {
    case "test": {
      // The result is kept on the integration, so the answer is a redirect: a reload shows it and sends nothing again.
      await testConnection(integration, gate.user.email);
      return redirect(page);
    }
    case "toggle": {
      const status = formData.get("status") === "disabled" ? "disabled" : "enabled";
      const changed = await setIntegrationStatus(gate.tenant.id, integration.id, status);
      const back = safeRedirectPath(formData.get("returnTo"), page);
      if (!changed) return redirectWithToast(back, { type: "error", key: "integrations:toast.toggleFailed" });
      return redirectWithToast(back, { type: "success", key: status === "enabled" ? "integrations:toast.enabled" : "integrations:toast.disabled" });
    }
    case "delete": {
      await deleteIntegration(gate.tenant.id, integration.id);
      return redirectWithToast(integrationPaths.active, { type: "success", key: "integrations:toast.deleted" });
    }
    case "edit":
      return editConnection(gate, integration, formData);
    case "save-endpoints": {
      const template = templateOf(integration);
      const current = endpointSettingsOf(integration, template);
      const next = Object.fromEntries(
        Object.keys(current).map((name) => [name, { enabled: formData.get(`enabled.${name}`) === "on", includeInSync: formData.get(`sync.${name}`) === "on" }]),
      );
      await saveEndpointSettings(gate.tenant.id, integration.id, next);
      return redirectWithToast(integrationPaths.page(integration.id, "endpoints"), { type: "success", key: "integrations:toast.endpointsSaved" });
    }
    case "validate-mappings":
    case "save-mappings":
      return mappings(gate, integration, formData, intent);
    case "execute":
      return execute(gate, integration, formData);
    case "add-webhook": {
      const submission = parseWithZod(formData, { schema: WebhookSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const problem = baseUrlProblem(submission.value.url);
      if (problem) return data({ intent, result: submission.reply({ fieldErrors: { url: [problem] } }) }, { status: 400 });
      const created = await registerWebhook(gate.tenant.id, integration.id, submission.value);
      return data({ intent, created: { url: submission.value.url, secret: created.secret } });
    }
    case "delete-webhook": {
      const removed = await deleteWebhook(gate.tenant.id, integration.id, String(formData.get("webhookId") ?? ""));
      return redirectWithToast(
        integrationPaths.page(integration.id, "webhooks"),
        removed ? { type: "success", key: "integrations:toast.webhookDeleted" } : { type: "error", key: "integrations:toast.webhookDeleteFailed" },
      );
    }
    default:
      badRequest("Unknown intent");
  }
}

async function editConnection(gate: GateContext, integration: Integration, formData: FormData) {
  const names = settingNames(templateOf(integration));
  const submission = parseWithZod(formData, { schema: editConnectionSchema(names) });
  if (submission.status !== "success") return data({ intent: "edit", result: submission.reply({ hideFields: ["secret"] }) }, { status: 400 });
  const value = submission.value;
  const problem = baseUrlProblem(value.baseUrl);
  if (problem) return data({ intent: "edit", result: submission.reply({ fieldErrors: { baseUrl: [problem] }, hideFields: ["secret"] }) }, { status: 400 });
  try {
    await updateConnection(gate.tenant.id, integration, {
      baseUrl: value.baseUrl,
      secret: value.secret || null,
      crmName: value.crmName,
      settings: Object.fromEntries(names.map((name) => [name, String((value as Record<string, unknown>)[settingField(name)] ?? "")])),
      leadEmail: value.leadEmail || null,
      sendLeadOnEmail: Boolean(value.sendLeadOnEmail),
      sendLeadOnCrmOnly: Boolean(value.sendLeadOnCrmOnly),
      actorUserId: gate.user.id,
    });
  } catch (error) {
    if (!(error instanceof DuplicateIntegration)) throw error;
    return data({ intent: "edit", result: submission.reply({ fieldErrors: { crmName: ["validation.duplicate"] }, hideFields: ["secret"] }) }, { status: 400 });
  }
  return redirectWithToast(integrationPaths.page(integration.id), { type: "success", key: "integrations:toast.updated" });
}

async function mappings(gate: GateContext, integration: Integration, formData: FormData, intent: "validate-mappings" | "save-mappings") {
  const kind = formData.get("kind") === "appointment" ? "appointment" : "contact";
  const rows = readRows(formData);
  const { mappings, errors } = rowsToMappings(rows, knownSourceCheck(integration, kind));
  if (intent === "save-mappings" && Object.keys(errors).length === 0) {
    await saveMappings(gate.tenant.id, integration.id, kind, mappings);
    return redirectWithToast(integrationPaths.page(integration.id, "mappings", kind === "contact" ? {} : { kind }), {
      type: "success",
      key: "integrations:toast.mappingsSaved",
    });
  }
  const samples = await sampleRecords(gate.tenant.id, integration.organization_id, kind, gate.tenant.country);
  const sample = samples[0] ?? null;
  const kept = rows.filter((row) => !row.remove).map(({ remove: _remove, ...row }) => row);
  const reindexed: typeof errors = {};
  let position = 0;
  rows.forEach((row, index) => {
    if (row.remove) return;
    if (errors[index]) reindexed[position] = errors[index]!;
    position++;
  });
  const last = kept[kept.length - 1];
  return data(
    {
      intent,
      mapping: {
        kind,
        rows: last && (last.field || last.source) ? [...kept, emptyRow()] : kept.length ? kept : [emptyRow()],
        errors: reindexed,
        preview: previewMappingOn(integration, kind, mappings, samples, gate.tenant.country),
        sampleLabel: sample?.label ?? null,
      },
    },
    { status: Object.keys(errors).length ? 400 : 200 },
  );
}

async function execute(gate: GateContext, integration: Integration, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ExecuteSchema });
  if (submission.status !== "success") return data({ intent: "execute", result: submission.reply() }, { status: 400 });
  const template = templateOf(integration);
  const endpoint = template.endpoints.find((candidate) => candidate.endpointName === submission.value.endpointName);
  if (!endpoint) notFound("Unknown endpoint");
  const refuse = (field: string, message: string) =>
    data({ intent: "execute", result: submission.reply({ fieldErrors: { [field]: [message] } }) }, { status: 400 });
  if (!endpointSettingsOf(integration, template)[endpoint.endpointName]?.enabled) return refuse("", "execute.disabled");
  let payload: Record<string, unknown> | null = null;
  const text = submission.value.payload?.trim() ?? "";
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return refuse("payload", "execute.notObject");
      payload = parsed as Record<string, unknown>;
    } catch {
      return refuse("payload", "execute.notJson");
    }
  }
  const takesQuery = endpoint.type === "GET" || endpoint.type === "DELETE";
  const check = validatePayload(template, endpoint.endpointName, takesQuery ? { ...(endpoint.defaultQuery ?? {}), ...(payload ?? {}) } : payload);
  if (!check.ok) {
    return data(
      { intent: "execute", result: submission.reply({ fieldErrors: { payload: check.problems.map((problem) => `${problem.path}: ${problem.message}`) } }) },
      { status: 400 },
    );
  }
  const parameters = pathParameters(endpoint.endpoint);
  if (parameters.length > 0 && !submission.value.pathValue) return refuse("pathValue", "execute.pathValueRequired");
  const reservation = await reserveRequest(integration, template, new Date());
  if (!reservation.allowed) return refuse("", "execute.rateLimited");
  const { exchange, logId } = await callEndpoint(
    integration,
    { endpoint, payload, pathValues: Object.fromEntries(parameters.map((name) => [name, submission.value.pathValue ?? ""])) },
    { kind: "execute", source: gate.user.email },
  );
  const result: ExecuteResult = {
    ok: exchange.outcome === "success",
    outcome: exchange.outcome,
    status: exchange.status,
    durationMs: exchange.durationMs,
    excerpt: (exchange.log.responseBody ?? "").slice(0, 4000),
    error: exchange.error,
    logId,
  };
  return data({ intent: "execute", execute: result });
}
