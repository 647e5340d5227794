import { parseWithZod } from "@conform-to/zod";
import { readFormData } from "~/lib/http/form-body.server";
import type { PermissionMap } from "./permissions";
import { RoleFormSchema } from "./schemas";
import type { RoleSaveOutcome } from "./custom-roles.server";

/** What a refused role form sends back: the messages per field and what was typed and ticked, so nothing is lost. */
export interface RoleFormReply {
  errors: { name?: string[]; perm?: string[]; form?: string[] };
  values: { name: string; permissions: PermissionMap };
}

/** What was posted, checked or not: the boxes ticked, as a map, for showing the form again. */
function postedValues(formData: FormData): RoleFormReply["values"] {
  const permissions: PermissionMap = {};
  for (const entry of formData.getAll("perm")) {
    const [area, action] = String(entry).split(".");
    if (area && (action === "read" || action === "create" || action === "update" || action === "delete")) (permissions[area] ??= []).push(action);
  }
  return { name: String(formData.get("name") ?? "").slice(0, 200), permissions };
}

export async function readRoleForm(request: Request) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: RoleFormSchema });
  if (submission.status !== "success") {
    const fieldErrors = submission.error ?? {};
    const reply: RoleFormReply = {
      errors: { name: fieldErrors.name ?? undefined, perm: fieldErrors.perm ?? undefined, form: fieldErrors[""] ?? undefined },
      values: postedValues(formData),
    };
    return { ok: false as const, reply };
  }
  return { ok: true as const, value: { name: submission.value.name, permissions: submission.value.perm }, formData };
}

/** A save the database refused (the name is taken): the form again, with the message at the name. */
export function refusedSave(outcome: Extract<RoleSaveOutcome, { ok: false }>, values: RoleFormReply["values"]): RoleFormReply {
  return { errors: outcome.refusal === "name-taken" ? { name: ["validation.nameTaken"] } : { form: ["validation.roleGone"] }, values };
}
