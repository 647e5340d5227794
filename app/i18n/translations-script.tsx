import { useTranslator } from "./react";
import type { NamespaceResources } from "./translator";

export const TRANSLATIONS_ELEMENT_ID = "i18n-resources";

export interface EmbeddedTranslations {
  /** The namespaces this page's routes declared, in the page's language. */
  resources: NamespaceResources;
  /** Every namespace's content hash, so a later screen can load the ones it needs as cacheable files. */
  versions: Record<string, string>;
}

/**
 * Writes the translations this page uses into the document as inert JSON, so
 * the browser starts translating without fetching anything. In the browser the
 * element keeps what the server wrote.
 */
export function TranslationsScript({ versions }: { versions: Record<string, string> }) {
  const translator = useTranslator();
  const json =
    typeof document === "undefined"
      ? serialize({ resources: translator.resources, versions })
      : (document.getElementById(TRANSLATIONS_ELEMENT_ID)?.textContent ?? "");
  return <script id={TRANSLATIONS_ELEMENT_ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}

function serialize(embedded: EmbeddedTranslations) {
  return JSON.stringify(embedded).replace(/</g, "\\u003c");
}
