import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions } from "~/i18n/config";
import { TRANSLATIONS_ELEMENT_ID } from "~/i18n/translations-script";

async function hydrate() {
  // The document carries its own language's translations (see TranslationsScript); no extra request on a slow line.
  const language = document.documentElement.lang || "en";
  const embedded = document.getElementById(TRANSLATIONS_ELEMENT_ID)?.textContent;
  await i18next.use(initReactI18next).init({
    ...i18nOptions,
    lng: language,
    resources: embedded ? { [language]: JSON.parse(embedded) as Record<string, Record<string, unknown>> } : {},
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
