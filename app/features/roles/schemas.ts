import { z } from "zod";
import { ACTIONS, type PermissionAction, type PermissionMap } from "./permissions";
import { grantableActions, normalizeCustomPermissions, ROLE_NAME_MAX_LENGTH } from "./custom-role-rules";

/**
 * The custom role form (docs/product/roles.md): a name, and one checkbox per
 * area and action, all named `perm` with the value "area.action", so the
 * form posts a flat list without JavaScript. Messages are keys of the roles
 * namespace.
 */

const permissionList = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.string().max(80)).max(400, "validation.notGrantable"),
);

export const RoleFormSchema = z.object({
  name: z
    .string({ required_error: "validation.nameRequired" })
    .trim()
    .superRefine((value, ctx) => {
      const message =
        value.length === 0
          ? "validation.nameRequired"
          : value.length < 2
            ? "validation.nameTooShort"
            : value.length > ROLE_NAME_MAX_LENGTH
              ? "validation.nameTooLong"
              : null;
      if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    }),
  perm: permissionList.transform((entries, ctx): PermissionMap => {
    const map: PermissionMap = {};
    for (const entry of entries) {
      const [area = "", action = ""] = entry.split(".");
      if (!(ACTIONS as readonly string[]).includes(action) || !grantableActions(area).includes(action as PermissionAction)) {
        // The editor offers only what may be granted: anything else was made up, and nothing of it is saved.
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "validation.notGrantable" });
        return z.NEVER;
      }
      (map[area] ??= []).push(action as PermissionAction);
    }
    return normalizeCustomPermissions(map);
  }),
});
export type RoleFormFields = z.input<typeof RoleFormSchema>;

/** The owner's choice of a member's role in the account: a built-in role below owner, or one of the tenant's own. */
export const AssignRoleSchema = z.object({
  userId: z.string({ required_error: "validation.memberRequired" }).trim().min(1, "validation.memberRequired").max(64),
  roleId: z.string({ required_error: "validation.roleRequired" }).trim().min(1, "validation.roleRequired").max(64),
});
