import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, i18nOptions, isLanguage, NAMESPACES, SUPPORTED_LANGUAGES, type Language, type Namespace } from "./config";
import { resources } from "./resources.server";
import { Translator, type TFunction } from "./translator";

/** The chosen language is remembered for a year; it is a preference, not a secret. */
export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 3600 });

/** remix-i18next's detector picks the language: the cookie first, then Accept-Language. */
export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    order: ["cookie", "header"],
  },
  i18next: { ...i18nOptions, resources },
});

// The root loader, the gate, the page's loader and the renderer all ask; the answer cannot change within a request.
const languageByRequest = new WeakMap<Request, Promise<Language>>();
/*
 * The detector's answer depends only on the language cookie and the
 * Accept-Language header, and parsing the header (Intl.Locale for every
 * entry) was a noticeable part of a small page's server time: answers are
 * kept by those two inputs, a few hundred at most.
 */
const languageByInputs = new Map<string, Language>();
const LANGUAGE_CACHE_SIZE = 500;

export function getLanguage(request: Request): Promise<Language> {
  let language = languageByRequest.get(request);
  if (!language) {
    const inputs = `${/(?:^|;\s*)lng=([^;]*)/.exec(request.headers.get("Cookie") ?? "")?.[1] ?? ""}|${request.headers.get("Accept-Language") ?? ""}`;
    const known = languageByInputs.get(inputs);
    language = known
      ? Promise.resolve(known)
      : i18next.getLocale(request).then((locale) => {
          const detected = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
          if (inputs.length > 200) return detected; // an odd header is answered, not remembered
          if (languageByInputs.size >= LANGUAGE_CACHE_SIZE) languageByInputs.clear();
          languageByInputs.set(inputs, detected);
          return detected;
        });
    languageByRequest.set(request, language);
  }
  return language;
}

/*
 * Translators are built once and reused: the translations never change while
 * the server runs, and a translator remembers every key it has looked up.
 */
const fullTranslators = new Map<Language, Translator>();

function fullTranslator(language: Language) {
  let translator = fullTranslators.get(language);
  if (!translator) {
    translator = new Translator(language, { ...resources[language] });
    fullTranslators.set(language, translator);
  }
  return translator;
}

/** Messages made on the server (loaders, actions, emails) may use any namespace. */
export async function getTranslator(request: Request, namespace: Namespace = "common"): Promise<TFunction> {
  return fullTranslator(await getLanguage(request)).fixed(namespace);
}

export async function getTranslatorFor(language: Language, namespace: Namespace = "common"): Promise<TFunction> {
  return fullTranslator(language).fixed(namespace);
}

/** A group of translations as an object (the labels of a record's fields, say), where a screen needs them all. */
export function translationTree(language: Language, namespace: Namespace, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), resources[language][namespace]);
}

// One per language and set of namespaces a page ships: bounded by the number of routes.
const pageTranslators = new Map<string, Translator>();

/** What a page renders with: only the namespaces it ships, so a route that forgets one shows raw keys on the server too. */
export function pageTranslator(language: Language, namespaces: readonly Namespace[]): Translator {
  const key = `${language}|${namespaces.join(",")}`;
  let translator = pageTranslators.get(key);
  if (!translator) {
    const subset = Object.fromEntries(
      namespaces.filter((namespace) => NAMESPACES.includes(namespace)).map((namespace) => [namespace, resources[language][namespace]]),
    );
    translator = new Translator(language, subset);
    pageTranslators.set(key, translator);
  }
  return translator;
}
