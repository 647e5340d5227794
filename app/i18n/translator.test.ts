import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nOptions, NAMESPACES, SUPPORTED_LANGUAGES } from "./config";
import { resources } from "./resources.server";
import { Translator, type TOptions } from "./translator";

function leafKeys(tree: unknown, prefix = ""): Array<[string, string]> {
  if (typeof tree === "string") return [[prefix, tree]];
  if (tree === null || typeof tree !== "object") return [];
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Options that exercise a string: every {{variable}} it names, with a number where it is formatted as one. */
function optionsFor(text: string): TOptions {
  const options: TOptions = {};
  for (const match of text.matchAll(/{{(.+?)}}/g)) {
    const [name, format] = match[1]!.split(",").map((part) => part.trim());
    options[name!] = format === "number" ? 12345.5 : `«${name}»`;
  }
  return options;
}

describe("the translator gives exactly what i18next gives", () => {
  for (const language of SUPPORTED_LANGUAGES) {
    const i18next = createInstance();
    void i18next.init({ ...i18nOptions, lng: language, resources: { [language]: resources[language] }, initImmediate: false });
    const translator = new Translator(language, resources[language]);

    it.each(NAMESPACES)(`for every key of %s in ${language}`, (namespace) => {
      const reference = i18next.getFixedT(language, namespace);
      const ours = translator.fixed(namespace);
      const checked = new Set<string>();
      for (const [key, text] of leafKeys(resources[language][namespace])) {
        const base = key.replace(PLURAL_SUFFIX, "");
        const variants: TOptions[] = PLURAL_SUFFIX.test(key)
          ? [0, 1, 2, 5, 21].map((count) => ({ ...optionsFor(text), count }))
          : // Without its variables (they stay as written), except where i18next would format a missing number as "NaN".
            [optionsFor(text), ...(/{{[^}]*,\s*number}}/.test(text) ? [] : [{}])];
        for (const options of variants) {
          const id = `${base}|${JSON.stringify(options)}`;
          if (checked.has(id)) continue;
          checked.add(id);
          expect(ours(base, options), `${namespace}:${base} ${JSON.stringify(options)}`).toBe(reference(base, options));
        }
        // The same key named with its namespace, from a t bound to another one. (Where such a string nests another key,
        // i18next looks that one up in the bound namespace and shows its key; ours uses the string's own namespace.)
        if (!text.includes("$t("))
          expect(translator.fixed("phone")(`${namespace}:${base}`, optionsFor(text))).toBe(
            i18next.getFixedT(language, "phone")(`${namespace}:${base}`, optionsFor(text)),
          );
      }
    });
  }

  it("falls back to the default value, then to the key, like i18next", () => {
    const translator = new Translator("en", { common: { a: "A" } });
    expect(translator.fixed()("missing.key")).toBe("missing.key");
    expect(translator.fixed()("missing.key", { defaultValue: "Fallback {{x}}", x: 1 })).toBe("Fallback 1");
    expect(translator.fixed(["other", "common"])("a")).toBe("A");
  });
});
