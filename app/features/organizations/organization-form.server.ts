import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { parseImageUpload, sniffImageType } from "~/lib/storage/stored-images.server";
import { createOrganization, replaceLogo, updateOrganization } from "./organizations.server";
import { OrganizationSchema } from "./schemas";
import { notFound } from "~/lib/http/errors.server";

/**
 * The create and edit forms' action: fields judged by the schema, the logo
 * (optional; up to MAX_AVATAR_BYTES) by its own first bytes. Nothing is saved
 * unless every field passes, so a refused logo never leaves a half-made
 * organization behind.
 */
export async function saveOrganizationForm(request: Request, target: { tenantId: string; userId: string; roleKey?: string; organizationId?: string }) {
  const upload = await parseImageUpload(request, getEnv().MAX_AVATAR_BYTES);
  if (upload.tooLarge) {
    return data({ result: { status: "error" as const, error: { logo: ["validation.logoTooLarge"] } } }, { status: 400 });
  }
  const { formData } = upload;
  const submission = parseWithZod(formData, { schema: OrganizationSchema });
  const logo = formData.get("logo");
  const logoBytes = logo instanceof File && logo.size > 0 ? new Uint8Array(await logo.arrayBuffer()) : null;
  const logoType = logoBytes ? sniffImageType(logoBytes) : null;
  if (submission.status !== "success" || (logoBytes && !logoType)) {
    return data({ result: submission.reply({ fieldErrors: logoBytes && !logoType ? { logo: ["validation.logoNotImage"] } : {} }) }, { status: 400 });
  }
  const input = { name: submission.value.name, website: submission.value.website };
  let organizationId = target.organizationId;
  if (organizationId) {
    if (!(await updateOrganization(target.tenantId, organizationId, input))) notFound();
  } else {
    organizationId = await createOrganization(target.tenantId, target.userId, input, target.roleKey);
  }
  if (logoBytes && logoType) await replaceLogo(target.tenantId, organizationId, logoBytes, logoType);
  return { saved: true as const, organizationId, name: input.name };
}
