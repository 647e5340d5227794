import { z } from "zod";
import { isTenantHttpUrl } from "~/lib/outbound/tenant-url";
import { INTEGRATION_EVENTS } from "./events";

/**
 * The integration hub's forms, one schema each; messages are keys of the
 * integrations namespace. The connection form's settings are fields named
 * setting_<name>, one per value the template's mappings read.
 */
const httpUrl = z
  .string({ required_error: "validation.baseUrlRequired" })
  .trim()
  .min(1, "validation.baseUrlRequired")
  .refine(isTenantHttpUrl, "validation.baseUrlInvalid");

export const settingField = (name: string) => `setting_${name}`;

function settingsShape(names: readonly string[]) {
  return Object.fromEntries(
    names.map((name) => [
      settingField(name),
      z.string({ required_error: "validation.settingRequired" }).trim().min(1, "validation.settingRequired").max(200, "validation.settingTooLong"),
    ]),
  );
}

const leadFields = {
  leadEmail: z.string().trim().max(254).email("validation.leadEmailInvalid").optional(),
  sendLeadOnEmail: z.literal("on").optional(),
  sendLeadOnCrmOnly: z.literal("on").optional(),
};

export function connectSchema(settingNames: readonly string[]) {
  return z
    .object({
      intent: z.literal("connect"),
      crmName: z.string().trim().max(80, "validation.nameTooLong").optional(),
      baseUrl: httpUrl,
      secret: z.string({ required_error: "validation.secretRequired" }).trim().min(8, "validation.secretTooShort").max(500, "validation.secretTooLong"),
      ...settingsShape(settingNames),
      ...leadFields,
    })
    .refine((value) => !value.sendLeadOnEmail || Boolean(value.leadEmail), { path: ["leadEmail"], message: "validation.leadEmailRequired" });
}

/** Editing: an empty key keeps the stored one. */
export function editConnectionSchema(settingNames: readonly string[]) {
  return z
    .object({
      intent: z.literal("edit"),
      crmName: z.string().trim().min(1, "validation.nameRequired").max(80, "validation.nameTooLong"),
      baseUrl: httpUrl,
      secret: z
        .string()
        .trim()
        .max(500, "validation.secretTooLong")
        .refine((value) => value.length === 0 || value.length >= 8, "validation.secretTooShort")
        .optional(),
      ...settingsShape(settingNames),
      ...leadFields,
    })
    .refine((value) => !value.sendLeadOnEmail || Boolean(value.leadEmail), { path: ["leadEmail"], message: "validation.leadEmailRequired" });
}

export const WebhookSchema = z.object({
  intent: z.literal("add-webhook"),
  url: httpUrl,
  events: z.array(z.enum(INTEGRATION_EVENTS), { required_error: "validation.eventsRequired" }).min(1, "validation.eventsRequired"),
});

export const ExecuteSchema = z.object({
  intent: z.literal("execute"),
  endpointName: z.string().min(1),
  payload: z
    .string()
    .max(64 * 1024, "validation.payloadTooLarge")
    .optional(),
  pathValue: z.string().trim().max(200).optional(),
});

const CustomEndpointRowSchema = z
  .object({
    name: z.string().trim().max(40).optional(),
    method: z.enum(["POST", "PUT", "PATCH", "GET"]).optional(),
    path: z.string().trim().max(300).optional(),
    kind: z.enum(["contact", "appointment"]).optional(),
    sync: z.literal("on").optional(),
  })
  .optional();

/** /crm: a custom CRM; endpoint rows left empty are ignored, the filled ones checked in the action (one message per input). */
export const CustomCrmSchema = z.object({
  intent: z.literal("create-custom"),
  crmName: z.string({ required_error: "validation.nameRequired" }).trim().min(2, "validation.nameRequired").max(80, "validation.nameTooLong"),
  baseUrl: httpUrl,
  authType: z.enum(["api_key", "bearer"], { required_error: "custom.authTypeRequired" }),
  authHeader: z
    .string({ required_error: "custom.headerRequired" })
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, "custom.headerInvalid"),
  secret: z.string({ required_error: "validation.secretRequired" }).trim().min(8, "validation.secretTooShort").max(500, "validation.secretTooLong"),
  endpoints: z.array(CustomEndpointRowSchema).max(4).optional(),
  contactTemplate: z.string().max(8000, "custom.templateTooLong").optional(),
  appointmentTemplate: z.string().max(8000, "custom.templateTooLong").optional(),
});
