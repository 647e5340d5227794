import { isLanguage, SUPPORTED_LANGUAGES, type Language } from "~/i18n/config";
import { isTemplate, TEMPLATES, VOICES, type TemplateKey } from "./catalogue";

export interface ScriptTexts {
  firstMessage: string;
  content: string;
}

/** Every template's texts in every language a voice speaks, so the form can follow the voice without a round trip. */
export type TemplateTexts = Record<Language, Partial<Record<TemplateKey, ScriptTexts>>>;

/**
 * The language a template's texts are written in: the one the chosen voice
 * speaks (a German voice reading an English script is no use to anyone),
 * else the interface language.
 */
export function templateLanguage(voiceId: unknown, interfaceLanguage: string): Language {
  const voice = VOICES.find((candidate) => candidate.id === voiceId);
  if (voice) return voice.language;
  return isLanguage(interfaceLanguage) ? interfaceLanguage : "en";
}

/** The template (and language) whose text `value` is, untouched; null when it was typed or edited. */
function untouchedTemplateText(value: string, field: keyof ScriptTexts, texts: TemplateTexts) {
  for (const language of SUPPORTED_LANGUAGES) {
    for (const template of TEMPLATES) {
      if (texts[language][template]?.[field] === value) return template;
    }
  }
  return null;
}

/**
 * The first message and content after choosing `template` for a voice that
 * speaks `language`: an empty field gets the template's text; a field that
 * still holds a template's text word for word (in any language) gets that
 * template's text in `language`, so changing to a voice of another language
 * changes the language of the script. Anything typed or edited stays.
 */
export function fillFromTemplate(current: ScriptTexts, template: unknown, language: Language, texts: TemplateTexts): ScriptTexts {
  const chosen = isTemplate(template) ? texts[language][template] : undefined;
  const fill = (field: keyof ScriptTexts) => {
    const value = current[field];
    if (!value.trim()) return chosen?.[field] ?? value;
    const previous = untouchedTemplateText(value, field, texts);
    return previous ? (texts[language][previous]?.[field] ?? value) : value;
  };
  return { firstMessage: fill("firstMessage"), content: fill("content") };
}
