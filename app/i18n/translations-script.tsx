import { namespaceFileUrl } from "./namespace-backend";
import { useTranslationBootstrap, useTranslator } from "./react";
import type { TranslationBootstrap } from "./react";

export const TRANSLATIONS_ELEMENT_ID = "i18n-resources";

/**
 * What the page tells the browser about its translations: which namespaces
 * its first render used and the language's release. The translations
 * themselves are files (namespace-files.server.ts), cached for a year and
 * shared by every page, instead of some 20 KB of JSON inside every page
 * (issue 27); entry.client.tsx loads them before it hydrates.
 */
export function TranslationsScript() {
  const bootstrap = useTranslationBootstrap();
  return <script id={TRANSLATIONS_ELEMENT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: serialize(bootstrap) }} />;
}

/**
 * In the head: the page's translation files start downloading with the
 * stylesheet, long before the scripts that need them have arrived.
 */
export function TranslationPreloads() {
  const { namespaces, release } = useTranslationBootstrap();
  const { language } = useTranslator();
  return (
    <>
      {namespaces.map((namespace) => (
        <link key={namespace} rel="preload" as="fetch" crossOrigin="anonymous" href={namespaceFileUrl(language, namespace, release)} />
      ))}
    </>
  );
}

/** Reads what TranslationsScript wrote; a page without it (an error page of a failed root) has nothing to load. */
export function readTranslationBootstrap(text: string | null | undefined): TranslationBootstrap {
  try {
    const value = JSON.parse(text ?? "") as Partial<TranslationBootstrap>;
    if (Array.isArray(value.namespaces) && typeof value.release === "string") {
      return { namespaces: value.namespaces.filter((namespace): namespace is string => typeof namespace === "string"), release: value.release };
    }
  } catch {
    // Fall through: nothing to load.
  }
  return { namespaces: [], release: "" };
}

function serialize(bootstrap: TranslationBootstrap) {
  return JSON.stringify({ namespaces: bootstrap.namespaces, release: bootstrap.release }).replace(/</g, "\\u003c");
}
