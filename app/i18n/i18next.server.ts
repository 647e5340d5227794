import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, i18nOptions, isLanguage, SUPPORTED_LANGUAGES, type Language, type Namespace } from "./config";
import { resources } from "./resources.server";

/** The chosen language is remembered for a year; it is a preference, not a secret. */
export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 3600 });

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    order: ["cookie", "header"],
  },
  i18next: { ...i18nOptions, resources },
});

export async function getLanguage(request: Request): Promise<Language> {
  const locale = await i18next.getLocale(request);
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}

export async function getTranslator(request: Request, namespace: Namespace = "common") {
  return i18next.getFixedT(request, namespace);
}

export async function getTranslatorFor(language: Language, namespace: Namespace = "common") {
  return i18next.getFixedT(language, namespace);
}
