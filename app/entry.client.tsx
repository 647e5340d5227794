import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { namespaceLoader } from "~/i18n/namespace-backend";
import { TranslationProvider } from "~/i18n/react";
import { readTranslationBootstrap, TRANSLATIONS_ELEMENT_ID } from "~/i18n/translations-script";
import { Translator } from "~/i18n/translator";

// The page names the translation files its first render used (TranslationsScript); its head has already started fetching
// them (TranslationPreloads), so they are usually here by the time this script runs. React hydrates once they are.
const language = document.documentElement.lang || "en";
const bootstrap = readTranslationBootstrap(document.getElementById(TRANSLATIONS_ELEMENT_ID)?.textContent);
const translator = new Translator(language, {});
const loader = namespaceLoader(translator, bootstrap.release);

void loader.load(bootstrap.namespaces).then(() => {
  // A file that could not be loaded would hydrate the page into raw keys: the server's page stays as it is, working as it
  // does without JavaScript, rather than turn unreadable.
  if (bootstrap.namespaces.some((namespace) => loader.failed(namespace))) return;
  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationProvider translator={translator} loader={loader} bootstrap={bootstrap}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslationProvider>,
    );
  });
});
