import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { GateContext } from "~/features/access/gate.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { baseUrlProblem } from "../base-url.server";
import { buildCustomTemplate, CUSTOM_ENDPOINT_ROWS, parsePayloadTemplate, type CustomEndpointInput } from "../templates/custom-template";
import { CustomCrmSchema } from "../integration-schemas";
import { createIntegration, DuplicateIntegration } from "../integrations.server";
import { isKnownSource } from "../mapping/source-fields";
import { integrationPaths } from "../hub/paths";
import { loadTemplates } from "../templates/templates.server";

/**
 * Creates a custom CRM integration from the /crm form: the rows and payload
 * lines are checked one by one (a message at the input that caused it), the
 * template it makes by the loader that checks the shipped ones.
 */
export async function createCustomCrm(formData: FormData, gate: GateContext, organizationId: string) {
  const submission = parseWithZod(formData, { schema: CustomCrmSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["secret"] }) }, { status: 400 });
  const value = submission.value;
  const fieldErrors: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => void (fieldErrors[field] ??= []).push(message);

  const urlProblem = baseUrlProblem(value.baseUrl);
  if (urlProblem) refuse("baseUrl", urlProblem);

  const endpoints: CustomEndpointInput[] = [];
  (value.endpoints ?? []).slice(0, CUSTOM_ENDPOINT_ROWS).forEach((row, index) => {
    if (!row || (!row.name && !row.path)) return;
    const at = (name: string) => `endpoints[${index}].${name}`;
    if (!row.name || !/^[a-zA-Z][a-zA-Z0-9]*$/.test(row.name)) refuse(at("name"), "custom.endpointNameInvalid");
    else if (endpoints.some((endpoint) => endpoint.name === row.name)) refuse(at("name"), "custom.endpointNameDuplicate");
    if (!row.path || !/^\/[A-Za-z0-9/_.{}~-]*$/.test(row.path)) refuse(at("path"), "custom.endpointPathInvalid");
    else if (row.path.includes("{") && row.method === "POST") refuse(at("path"), "custom.endpointPathCreate");
    if (!row.method) refuse(at("method"), "custom.methodRequired");
    if (!row.kind) refuse(at("kind"), "custom.kindRequired");
    if (row.name && row.path && row.method && row.kind)
      endpoints.push({ name: row.name, method: row.method, path: row.path, kind: row.kind, sync: row.sync === "on" && row.method !== "GET" });
  });
  if (endpoints.length === 0 && !fieldErrors["endpoints[0].name"]) refuse("endpoints[0].name", "custom.endpointRequired");

  const contact = parsePayloadTemplate(value.contactTemplate ?? "");
  const appointment = parsePayloadTemplate(value.appointmentTemplate ?? "");
  for (const [field, parsed, kind] of [
    ["contactTemplate", contact, "contact"],
    ["appointmentTemplate", appointment, "appointment"],
  ] as const) {
    for (const problem of parsed.problems) refuse(field, `custom.line.${problem.code}`);
    const unknown = parsed.mappings.find((mapping) => !isKnownSource(kind, mapping.mappedTo, []));
    if (unknown) refuse(field, "custom.line.source");
    const writes = endpoints.some((endpoint) => endpoint.kind === kind && endpoint.method !== "GET");
    if (parsed.mappings.length > 0 && !writes) refuse(field, "custom.noEndpointForKind");
    if (parsed.mappings.length === 0 && writes) refuse(field, "custom.templateRequired");
  }
  if (Object.keys(fieldErrors).length) return data({ result: submission.reply({ fieldErrors, hideFields: ["secret"] }) }, { status: 400 });

  const source = buildCustomTemplate(
    { ...value, endpoints, contactTemplate: value.contactTemplate ?? "", appointmentTemplate: value.appointmentTemplate ?? "" },
    { contact: contact.mappings, appointment: appointment.mappings },
  );
  let template;
  try {
    template = loadTemplates([source], { allowHttp: true })[0]!;
  } catch (error) {
    // The form's own checks should leave nothing for the loader; what it still finds is shown as it says it.
    return data({ result: submission.reply({ formErrors: [(error as Error).message], hideFields: ["secret"] }) }, { status: 400 });
  }
  let id: string;
  try {
    id = await createIntegration(
      gate.tenant.id,
      organizationId,
      template,
      { baseUrl: value.baseUrl, secret: value.secret, settings: {}, crmName: value.crmName },
      undefined,
      source,
    );
  } catch (error) {
    if (!(error instanceof DuplicateIntegration)) throw error;
    return data({ result: submission.reply({ fieldErrors: { crmName: ["validation.duplicate"] }, hideFields: ["secret"] }) }, { status: 400 });
  }
  return redirectWithToast(integrationPaths.page(id), { type: "success", key: "integrations:toast.customCreated", values: { crm: value.crmName } });
}
