import { z } from "zod";
import { MEMBER_ROLES } from "~/features/roles/role-rank";
import { ORGANIZATION_NAME_MAX, TEAM_NAME_MAX } from "./organization-rules";

/**
 * The organization form (business name, website; the logo is a file part
 * checked by its bytes on the server). Messages are keys of the
 * organizations namespace. A website typed without a scheme gets https://.
 */

/** Trimmed text with one message for what is wrong: empty, too short or too long, never two at once. */
function boundedText(messages: { required: string; tooShort: string; tooLong: string }, min: number, max: number) {
  return z
    .string({ required_error: messages.required })
    .trim()
    .superRefine((value, ctx) => {
      const message = value.length === 0 ? messages.required : value.length < min ? messages.tooShort : value.length > max ? messages.tooLong : null;
      if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    });
}

export const OrganizationSchema = z.object({
  name: boundedText({ required: "validation.nameRequired", tooShort: "validation.nameTooShort", tooLong: "validation.nameTooLong" }, 2, ORGANIZATION_NAME_MAX),
  website: z
    .string()
    .trim()
    .max(2048, "validation.websiteInvalid")
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
      try {
        const url = new URL(withScheme);
        if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".")) return url.toString();
      } catch {
        // reported below
      }
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "validation.websiteInvalid" });
      return z.NEVER;
    }),
});

export type OrganizationFields = z.input<typeof OrganizationSchema>;

const memberEmail = z
  .string({ required_error: "validation.emailRequired" })
  .trim()
  .min(1, "validation.emailRequired")
  .email("validation.emailInvalid")
  .max(254, "validation.emailInvalid")
  .transform((value) => value.toLowerCase());

const memberRole = z.enum(MEMBER_ROLES, { errorMap: () => ({ message: "validation.roleRequired" }) });

/** Add a member: an address of the account's users, or one to invite. */
export const AddMemberSchema = z.object({ intent: z.literal("add-member"), email: memberEmail, role: memberRole });
export const ChangeRoleSchema = z.object({ intent: z.literal("change-role"), email: memberEmail, role: memberRole });
export const RemoveMemberSchema = z.object({ intent: z.literal("remove-member"), email: memberEmail });

export const teamName = boundedText(
  { required: "validation.teamNameRequired", tooShort: "validation.teamNameTooShort", tooLong: "validation.teamNameTooLong" },
  2,
  TEAM_NAME_MAX,
);

export const CreateTeamSchema = z.object({ intent: z.literal("create-team"), name: teamName });
export const RenameTeamSchema = z.object({ intent: z.literal("rename-team"), name: teamName });
export const AddTeamMemberSchema = z.object({
  intent: z.literal("add-team-member"),
  userId: z.string({ required_error: "validation.teamMemberRequired" }).min(1, "validation.teamMemberRequired"),
});
export const RemoveTeamMemberSchema = z.object({ intent: z.literal("remove-team-member"), userId: z.string().min(1) });

export type AddMemberFields = z.input<typeof AddMemberSchema>;
export type CreateTeamFields = z.input<typeof CreateTeamSchema>;
export type RenameTeamFields = z.input<typeof RenameTeamSchema>;
export type AddTeamMemberFields = z.input<typeof AddTeamMemberSchema>;
