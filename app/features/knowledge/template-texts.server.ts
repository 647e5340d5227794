import { getTranslatorFor } from "~/i18n/i18next.server";
import { SUPPORTED_LANGUAGES } from "~/i18n/config";
import { TEMPLATES, templateTextKeys } from "./catalogue";
import type { TemplateTexts } from "./template-texts";

/** The template texts of the knowledge namespace, in every language, whatever the interface language is. */
export async function loadTemplateTexts(): Promise<TemplateTexts> {
  const texts = {} as TemplateTexts;
  for (const language of SUPPORTED_LANGUAGES) {
    const t = await getTranslatorFor(language, "knowledge");
    texts[language] = {};
    for (const template of TEMPLATES) {
      const keys = templateTextKeys(template);
      if (keys) texts[language][template] = { firstMessage: t(keys.firstMessage), content: t(keys.content) };
    }
  }
  return texts;
}
