import { useTranslation } from "react-i18next";

export const TRANSLATIONS_ELEMENT_ID = "i18n-resources";

/**
 * Writes the current language's translations into the document as inert JSON
 * so the browser bundle can start i18next without fetching anything. The
 * client renders the same JSON from the same resources, so hydration matches.
 */
export function TranslationsScript() {
  const { i18n } = useTranslation();
  const data = i18n.store?.data?.[i18n.language] ?? {};
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script id={TRANSLATIONS_ELEMENT_ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
