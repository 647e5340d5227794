import { z } from "zod";
import { isValidPhoneNumber, toE164 } from "~/features/phone/phone-check";
import { KNOWLEDGE_BASE_TYPES, TEMPLATES, TRANSFER_MODES, VOICE_IDS } from "./catalogue";
import {
  CONTENT_MAX_CHARACTERS,
  CONTENT_MIN_CHARACTERS,
  countCharacters,
  FIRST_MESSAGE_MAX_CHARACTERS,
  isAcceptedFileName,
  KNOWLEDGE_FILE_MAX_BYTES,
  MAX_TRANSFER_NUMBERS,
  NAME_MAX_CHARACTERS,
  TOOL_NAME_MAX_CHARACTERS,
} from "./knowledge-rules";

/**
 * The knowledge-base form (create and edit), for the route actions (and the
 * loaders, which derive the fields' HTML constraints from it). Messages are
 * translation keys in the knowledge namespace. The limits live in
 * knowledge-rules.ts, which the page imports without zod; they are exported
 * here too for the server modules that read them beside the schema.
 */
export {
  CONTENT_MAX_CHARACTERS,
  CONTENT_MIN_CHARACTERS,
  countCharacters,
  fileExtension,
  isAcceptedFileName,
  KNOWLEDGE_FILE_MAX_BYTES,
} from "./knowledge-rules";

const TOOL_NAME = /^[A-Za-z0-9_-]+$/;

/** A chosen file (an empty file input arrives as nothing at all, see conform's coercion). */
const fileSchema = z
  .instanceof(File)
  .refine((file) => isAcceptedFileName(file.name), "validation.fileType")
  .refine((file) => file.size <= KNOWLEDGE_FILE_MAX_BYTES, "validation.fileTooLarge")
  .optional();

/*
 * Required fields default to "" and are checked by refinements, never by a
 * type error: zod stops at a type error and skips the cross-field rules
 * below, and the user is told about every broken field of a submission at
 * once. (An empty input arrives as undefined, see conform's coercion.)
 */
const requiredText = (message: string, max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .default("")
    .refine((value) => value.length > 0, message)
    .refine((value) => value.length <= max, tooLong);

const oneOf = <T extends string>(values: readonly T[], message: string, fallback = "") =>
  z
    .string()
    .default(fallback)
    .refine((value): value is T => (values as readonly string[]).includes(value), message);

/** The form's rules; transfer numbers with a leading 0 are national numbers of `country`, the tenant's (gate.tenant.country). */
export const knowledgeBaseSchema = (country: string) =>
  z
    .object({
      name: requiredText("validation.nameRequired", NAME_MAX_CHARACTERS, "validation.nameTooLong"),
      phoneNumberId: z
        .string()
        .trim()
        .default("")
        .refine((value) => value.length > 0, "validation.phoneNumberRequired"),
      type: oneOf(KNOWLEDGE_BASE_TYPES, "validation.typeRequired"),
      voice: oneOf(VOICE_IDS, "validation.voiceRequired"),
      firstMessage: requiredText("validation.firstMessageRequired", FIRST_MESSAGE_MAX_CHARACTERS, "validation.firstMessageTooLong"),
      // Checked below: with a file chosen, its text still has to be added before the rule can be judged (by the server).
      content: z.string().trim().optional(),
      file: fileSchema,
      sourceFileName: z.string().trim().max(255).optional(),
      template: oneOf(TEMPLATES, "validation.templateInvalid", "blank"),
      transferMode: oneOf(TRANSFER_MODES, "validation.transferModeInvalid", "none"),
      transferNumbers: z.array(z.string().trim().optional()).default([]),
      toolName: z.string().trim().max(TOOL_NAME_MAX_CHARACTERS, "validation.toolNameTooLong").regex(TOOL_NAME, "validation.toolNameInvalid").optional(),
      isDefault: z.boolean().default(false),
      hasAssistant: z.boolean().default(false),
    })
    .superRefine((value, ctx) => {
      const length = countCharacters(value.content);
      if (length > CONTENT_MAX_CHARACTERS) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["content"], message: "validation.contentTooLong" });
      } else if (!value.file) {
        if (length === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["content"], message: "validation.contentRequired" });
        else if (length < CONTENT_MIN_CHARACTERS) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["content"], message: "validation.contentTooShort" });
      }

      // Numbers typed for a transfer that is switched off are ignored, not judged.
      if (value.transferMode === "none") return;
      if (value.transferNumbers.length > MAX_TRANSFER_NUMBERS) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["transferNumbers"], message: "validation.transferNumbersTooMany" });
        return;
      }
      const seen = new Set<string>();
      let given = 0;
      value.transferNumbers.forEach((number, index) => {
        if (!number) return;
        given += 1;
        if (!isValidPhoneNumber(number, country)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["transferNumbers", index], message: "validation.transferNumberInvalid" });
          return;
        }
        // In the browser, before the phone library has loaded, a national number has no E.164 yet: its digits stand in.
        const e164 = toE164(number, country) ?? number.replace(/\D/g, "");
        if (seen.has(e164)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["transferNumbers", index], message: "validation.transferNumberDuplicate" });
        seen.add(e164);
      });
      if (given === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["transferNumbers"], message: "validation.transferNumberRequired" });
    });

export type KnowledgeBaseFormValue = z.output<ReturnType<typeof knowledgeBaseSchema>>;
/** The form's fields as conform sees them (a type only: the page does not load zod). */
export type KnowledgeFormFields = z.input<ReturnType<typeof knowledgeBaseSchema>>;

/** What is stored: E.164 transfer numbers (none when the transfer is off), empty strings for optional text. */
export interface KnowledgeBaseValues {
  name: string;
  phoneNumberId: string;
  type: KnowledgeBaseFormValue["type"];
  voice: string;
  firstMessage: string;
  content: string;
  template: KnowledgeBaseFormValue["template"];
  transferMode: KnowledgeBaseFormValue["transferMode"];
  transferNumbers: string[];
  toolName: string;
  sourceFileName: string | null;
  isDefault: boolean;
  hasAssistant: boolean;
}

/** `country`: the one the schema judged the transfer numbers in. */
export function toStoredValues(value: KnowledgeBaseFormValue, country: string): KnowledgeBaseValues {
  const transferNumbers =
    value.transferMode === "none" ? [] : value.transferNumbers.filter((number): number is string => Boolean(number)).map((number) => toE164(number, country)!);
  return {
    name: value.name,
    phoneNumberId: value.phoneNumberId,
    type: value.type,
    voice: value.voice,
    firstMessage: value.firstMessage,
    content: value.content ?? "",
    template: value.template,
    transferMode: transferNumbers.length > 0 ? value.transferMode : "none",
    transferNumbers,
    toolName: value.toolName ?? "",
    sourceFileName: value.sourceFileName || null,
    isDefault: value.isDefault,
    hasAssistant: value.hasAssistant,
  };
}
