import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { namespaceLoader } from "~/i18n/namespace-backend";
import { TranslationProvider } from "~/i18n/react";
import { TRANSLATIONS_ELEMENT_ID, type EmbeddedTranslations } from "~/i18n/translations-script";
import { Translator } from "~/i18n/translator";

// The document carries the translations its screen uses (see TranslationsScript): no request before the page works.
const language = document.documentElement.lang || "en";
const text = document.getElementById(TRANSLATIONS_ELEMENT_ID)?.textContent;
const embedded: EmbeddedTranslations = text ? (JSON.parse(text) as EmbeddedTranslations) : { resources: {}, versions: {} };
const translator = new Translator(language, embedded.resources);
const loader = namespaceLoader(translator, embedded.versions);

startTransition(() => {
  hydrateRoot(
    document,
    <TranslationProvider translator={translator} loader={loader}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </TranslationProvider>,
  );
});
