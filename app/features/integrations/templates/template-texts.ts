/** What users read of a template (its description, features and limitations), per language; English is the template's own text. */
export interface TemplateTexts {
  description: string;
  features: string[];
  limitations: string[];
}

/** The texts in the reader's language, or English when the template has none in it. */
export function templateTexts(template: TemplateTexts & { translations?: { de?: TemplateTexts } }, language: string): TemplateTexts {
  const translated = language === "de" ? template.translations?.de : undefined;
  return translated ?? { description: template.description, features: template.features, limitations: template.limitations };
}
