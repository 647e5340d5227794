import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TranslationProvider, useTranslation } from "~/i18n/react";
import { Translator } from "~/i18n/translator";
import { resources } from "~/i18n/resources.server";
import { CachedMarkup, StaticMarkupContext } from "./cached-markup";

function Label() {
  const { t } = useTranslation();
  return <span>{t("nav.label")}</span>;
}

function page(language: "en" | "de", cacheKey: string, renders: { count: number }, returnPath: string, withServerRenderer = true) {
  const cached = (
    <CachedMarkup
      cacheKey={cacheKey}
      fill={{ __slot__: returnPath }}
      render={() => {
        renders.count++;
        return (
          <form>
            <Label />
            <input type="hidden" name="redirectTo" value="__slot__" />
          </form>
        );
      }}
    />
  );
  return renderToString(
    <TranslationProvider translator={new Translator(language, resources[language])}>
      {withServerRenderer ? <StaticMarkupContext.Provider value={renderToStaticMarkup}>{cached}</StaticMarkupContext.Provider> : cached}
    </TranslationProvider>,
  );
}

describe("CachedMarkup", () => {
  it("renders once per key, translated, and fills each page's own values in, escaped", () => {
    const renders = { count: 0 };
    const first = page("en", "test-a", renders, "/recordings?q=1");
    const second = page("en", "test-a", renders, `/contacts?q="<x>"&y`);
    expect(renders.count).toBe(1);
    expect(first).toContain('<div class="contents"><form><span>Main navigation</span>');
    expect(first).toContain('value="/recordings?q=1"');
    expect(second).toContain('value="/contacts?q=&quot;&lt;x&gt;&quot;&amp;y"');
    expect(second).not.toContain("__slot__");
    // Another key (here: the language) is rendered on its own.
    expect(page("de", "test-b", renders, "/")).toContain("<span>Hauptnavigation</span>");
    expect(renders.count).toBe(2);
  });

  it("in the browser, while hydrating, keeps the server's HTML: an empty element React leaves alone", () => {
    const renders = { count: 0 };
    expect(page("en", "test-c", renders, "/", false)).toBe('<div class="contents"></div>');
    expect(renders.count).toBe(0);
  });
});
