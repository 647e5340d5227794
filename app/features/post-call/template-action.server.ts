import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { GateContext } from "~/features/access/gate.server";
import { readFormData } from "~/lib/http/form-body.server";
import { notFound } from "~/lib/http/errors.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import type { TemplateField } from "./template-definition";
import { definitionFromForm, templateFormSchema } from "./template-schema";
import { createTemplate, updateTemplate } from "./templates.server";

/**
 * The action behind /templates/new and /templates/<id>'s editor: it judges
 * the whole template with its schema and answers at the fields, or saves
 * (a changed definition is a new version). conform's list buttons ("Add
 * field", "Remove") come here without JavaScript and get the form back with
 * a row more or less, nothing saved.
 */
export const templateFormConstraint = () => getZodConstraint(templateFormSchema());

function reply(result: SubmissionResult<string[]>, status = 400) {
  return data({ result }, { status });
}

export async function submitTemplateForm(
  request: Request,
  { tenant, user }: GateContext,
  existing: { id: string; fields: Array<Pick<TemplateField, "key" | "type">> } | null,
  formData?: FormData,
) {
  const form = formData ?? (await readFormData(request));
  const working = new FormData();
  for (const [name, value] of form.entries()) if (name !== "intent") working.append(name, value);
  const submission = parseWithZod(working, { schema: templateFormSchema(existing?.fields ?? []) });
  // No status: a list button was pressed, not "save".
  if (submission.status === undefined) return reply(submission.reply(), 200);
  if (submission.status !== "success") return reply(submission.reply());

  const input = definitionFromForm(submission.value);
  const saved = existing ? await updateTemplate(tenant.id, existing.id, user.id, input) : await createTemplate(tenant.id, user.id, input);
  if (!saved.ok && saved.problem === "not-found") notFound();
  if (!saved.ok) return reply(submission.reply({ fieldErrors: { name: ["validation.nameTaken"] } }));
  const key = !existing ? "post-call:toast.created" : saved.changed ? "post-call:toast.newVersion" : "post-call:toast.saved";
  return redirectWithToast(`/templates/${saved.id}`, { type: "success", key, values: { name: input.name, version: saved.version } });
}
