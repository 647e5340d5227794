import { z } from "zod";
import { toE164, isValidPhoneNumber } from "~/features/phone/phone-check";
import { VOICE_IDS } from "~/features/knowledge/catalogue";
import { firstBadPronunciation, linesOf, PRONUNCIATION, type AgentConfig } from "./agent-config";
import {
  AGENT_LANGUAGES,
  AGENT_LIMITS as L,
  AVATARS,
  FIRST_SPEAKERS,
  LEVELS,
  PLATFORM_CHOICES,
  TONES,
  TRANSFER_KINDS,
  VOICEMAIL_ACTIONS,
  WIDGET_POSITIONS,
  type AgentTab,
} from "./agent-rules";
import { checkPromptVariables } from "./prompt-variables";

/**
 * One schema per editor tab (docs/product/agents.md#configuration); each
 * turns the tab's form into that tab's part of the configuration. Messages
 * are keys of the agents namespace. A tab is saved on its own, so a broken
 * field on one tab never costs what was saved on another.
 */

const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).default("");
const required = (max: number, missing: string, tooLong: string) => z.string({ required_error: missing }).trim().min(1, missing).max(max, tooLong);
const oneOf = <T extends string>(values: readonly [T, ...T[]], message: string) => z.enum(values, { errorMap: () => ({ message }) });
const checkbox = z.boolean().default(false);
const numberIn = (min: number, max: number, key: string, { integer = true } = {}) => {
  const base = z.coerce.number({ invalid_type_error: `validation.${key}Invalid`, required_error: `validation.${key}Invalid` });
  return (integer ? base.int(`validation.${key}Invalid`) : base).min(min, `validation.${key}Range`).max(max, `validation.${key}Range`);
};

function variablesIssue(value: string, ctx: z.RefinementCtx, path: string) {
  const check = checkPromptVariables(value);
  if (check.unbalanced) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: "validation.variablesUnbalanced" });
  else if (check.unknown.length > 0) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: "validation.variableUnknown" });
}

export const generalSchema = z
  .object({
    name: required(L.nameMax, "validation.nameRequired", "validation.nameTooLong"),
    language: oneOf(AGENT_LANGUAGES, "validation.languageRequired"),
    firstSpeaker: oneOf(FIRST_SPEAKERS, "validation.firstSpeakerRequired"),
    firstMessage: text(L.firstMessageMax, "validation.firstMessageTooLong"),
    maxDurationMinutes: numberIn(L.maxDurationMin, L.maxDurationMax, "maxDuration"),
    voicemail: oneOf(VOICEMAIL_ACTIONS, "validation.voicemailRequired"),
    voicemailMessage: text(L.voicemailMessageMax, "validation.voicemailMessageTooLong"),
    endCallPhrases: z.string().default(""),
  })
  .superRefine((value, ctx) => {
    if (value.firstSpeaker === "agent" && !value.firstMessage)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["firstMessage"], message: "validation.firstMessageRequired" });
    if (value.firstMessage) variablesIssue(value.firstMessage, ctx, "firstMessage");
    if (value.voicemail === "leave-message" && !value.voicemailMessage)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["voicemailMessage"], message: "validation.voicemailMessageRequired" });
    const phrases = linesOf(value.endCallPhrases);
    if (phrases.length > L.endCallPhrasesMax) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["endCallPhrases"], message: "validation.phrasesTooMany" });
    else if (phrases.some((phrase) => phrase.length > L.phraseMax))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["endCallPhrases"], message: "validation.phraseTooLong" });
  })
  .transform((value): AgentConfig["general"] => ({ ...value, endCallPhrases: linesOf(value.endCallPhrases) }));

/** `country`: the tenant's, for a transfer number typed nationally. */
export const contextSchema = (country: string) =>
  z
    .object({
      instructions: required(L.instructionsMax, "validation.instructionsRequired", "validation.instructionsTooLong"),
      knowledgeBaseIds: z.array(z.string().min(1)).max(L.knowledgeBasesMax, "validation.knowledgeBasesTooMany").default([]),
      transferEnabled: checkbox,
      transferNumber: z.string().trim().default(""),
      transferKind: oneOf(TRANSFER_KINDS, "validation.transferKindRequired").default("warm"),
      endCallEnabled: checkbox,
      bookingEnabled: checkbox,
      bookingEventTypeId: z.string().trim().default(""),
      crmEnabled: checkbox,
      crmIntegrationId: z.string().trim().default(""),
    })
    .superRefine((value, ctx) => {
      variablesIssue(value.instructions, ctx, "instructions");
      if (value.transferEnabled && !value.transferNumber)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["transferNumber"], message: "validation.transferNumberRequired" });
      else if (value.transferNumber && (!isValidPhoneNumber(value.transferNumber, country) || !toE164(value.transferNumber, country)))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["transferNumber"], message: "validation.transferNumberInvalid" });
      if (value.bookingEnabled && !value.bookingEventTypeId)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["bookingEventTypeId"], message: "validation.eventTypeRequired" });
      if (value.crmEnabled && !value.crmIntegrationId)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["crmIntegrationId"], message: "validation.integrationRequired" });
    })
    .transform((value): AgentConfig["context"] => ({
      ...value,
      transferNumber: value.transferNumber ? (toE164(value.transferNumber, country) ?? value.transferNumber) : "",
      knowledgeBaseIds: [...new Set(value.knowledgeBaseIds)],
    }));

const COLOUR = /^#[0-9a-f]{6}$/i;
export const appearanceSchema = z
  .object({
    avatar: oneOf(AVATARS, "validation.avatarRequired"),
    accentColor: z.string().trim().regex(COLOUR, "validation.colourInvalid"),
    backgroundColor: z.string().trim().regex(COLOUR, "validation.colourInvalid"),
    widgetPosition: oneOf(WIDGET_POSITIONS, "validation.positionRequired"),
  })
  .transform((value): AgentConfig["appearance"] => ({
    ...value,
    accentColor: value.accentColor.toLowerCase(),
    backgroundColor: value.backgroundColor.toLowerCase(),
  }));

export const personalitySchema = z.object({
  tone: oneOf(TONES, "validation.toneRequired"),
  temperature: numberIn(L.temperatureMin, L.temperatureMax, "temperature", { integer: false }),
  backchannel: checkbox,
  backchannelFrequency: oneOf(LEVELS, "validation.frequencyRequired"),
}) satisfies z.ZodType<AgentConfig["personality"], z.ZodTypeDef, unknown>;

export const speechSchema = z
  .object({
    voice: oneOf(VOICE_IDS, "validation.voiceRequired"),
    speed: numberIn(L.speedMin, L.speedMax, "speed", { integer: false }),
    interruptionSensitivity: oneOf(LEVELS, "validation.sensitivityRequired"),
    silenceTimeoutSeconds: numberIn(L.silenceMin, L.silenceMax, "silence"),
    pronunciations: z.string().default(""),
  })
  .superRefine((value, ctx) => {
    const lines = linesOf(value.pronunciations);
    if (lines.length > L.pronunciationsMax)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["pronunciations"], message: "validation.pronunciationsTooMany" });
    const bad = firstBadPronunciation(lines);
    if (bad > 0) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["pronunciations"], message: "validation.pronunciationInvalid" });
  })
  .transform((value): AgentConfig["speech"] => ({
    ...value,
    pronunciations: linesOf(value.pronunciations).map((line) => {
      const [, word = "", sayAs = ""] = PRONUNCIATION.exec(line) ?? [];
      return { word: word.trim(), sayAs: sayAs.trim() };
    }),
  }));

export const privacySchema = z.object({
  recordCalls: checkbox,
  transcriptRetentionDays: numberIn(0, L.retentionMaxDays, "retention"),
  redactCards: checkbox,
  redactEmails: checkbox,
}) satisfies z.ZodType<AgentConfig["privacy"], z.ZodTypeDef, unknown>;

/** The schema of one tab; `country` is the tenant's (for the transfer number). */
export function tabSchema(tab: AgentTab, country: string) {
  switch (tab) {
    case "general":
      return generalSchema;
    case "context":
      return contextSchema(country);
    case "appearance":
      return appearanceSchema;
    case "personality":
      return personalitySchema;
    case "speech":
      return speechSchema;
    case "privacy":
      return privacySchema;
  }
}

/** The creation forms (/create-from-blank, /create-agent): a name and a language. */
export const newAgentSchema = z.object({
  name: required(L.nameMax, "validation.nameRequired", "validation.nameTooLong"),
  language: oneOf(AGENT_LANGUAGES, "validation.languageRequired"),
  templateId: z.string().trim().optional(),
});

/** A text test's turn: the message typed and the conversation so far (JSON in a hidden field, so it works without JavaScript). */
export const testTurnSchema = z.object({
  message: required(L.testMessageMax, "validation.testMessageRequired", "validation.testMessageTooLong"),
  history: z.string().default("[]"),
});

/** A super admin's disable form. */
export const disableSchema = z.object({
  reason: required(L.disableReasonMax, "validation.reasonRequired", "validation.reasonTooLong"),
});

/** A super admin's template form: the template's card; its configuration is edited as an agent's is. */
export const templateSchema = z.object({
  name: required(L.nameMax, "validation.nameRequired", "validation.nameTooLong"),
  description: required(L.templateDescriptionMax, "validation.descriptionRequired", "validation.descriptionTooLong"),
  language: oneOf(AGENT_LANGUAGES, "validation.languageRequired"),
});

/** /ai-agent-manager/platform: the platform and its API key (tested before it is stored). */
export const platformConnectSchema = z.object({
  provider: oneOf(PLATFORM_CHOICES, "validation.providerRequired"),
  apiKey: required(500, "validation.apiKeyRequired", "validation.apiKeyTooLong"),
});
