/**
 * The fixed choices of a knowledge base: the voices the voice platform can
 * speak with, the templates a script can start from, and the kinds of call
 * transfer. Stored values are the ids below; what the user reads comes from
 * the knowledge namespace (voices.<id>.description, templates.<id>.*).
 */

import type { Language } from "~/i18n/config";

export const KNOWLEDGE_BASE_TYPES = ["inbound", "outbound"] as const;
export type KnowledgeBaseKind = (typeof KNOWLEDGE_BASE_TYPES)[number];

export const TRANSFER_MODES = ["none", "warm", "cold"] as const;
export type TransferModeKey = (typeof TRANSFER_MODES)[number];

/**
 * A voice's name is a proper name and the same in every language; its description is translated.
 * `language` is what it speaks: the template texts it is given are in that language.
 */
export const VOICES = [
  { id: "ava", name: "Ava", language: "en" },
  { id: "noah", name: "Noah", language: "en" },
  { id: "mia", name: "Mia", language: "en" },
  { id: "liam", name: "Liam", language: "en" },
  { id: "lena", name: "Lena", language: "de" },
  { id: "jonas", name: "Jonas", language: "de" },
] as const satisfies readonly { id: string; name: string; language: Language }[];
export type VoiceId = (typeof VOICES)[number]["id"];
export const VOICE_IDS = VOICES.map((voice) => voice.id) as [VoiceId, ...VoiceId[]];

export function voiceName(id: string) {
  return VOICES.find((voice) => voice.id === id)?.name ?? id;
}

/** "blank" starts from nothing; the others prefill an empty first message and content (texts in the knowledge namespace). */
export const TEMPLATES = ["blank", "appointment-booking", "lead-qualification", "customer-support"] as const;
export type TemplateKey = (typeof TEMPLATES)[number];

export function isTemplate(value: unknown): value is TemplateKey {
  return typeof value === "string" && (TEMPLATES as readonly string[]).includes(value);
}

/** The translation keys of a template's texts; blank has none. */
export function templateTextKeys(template: TemplateKey) {
  if (template === "blank") return null;
  return { firstMessage: `templates.${template}.firstMessage`, content: `templates.${template}.content` };
}
