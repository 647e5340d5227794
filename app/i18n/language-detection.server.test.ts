import { describe, expect, it } from "vitest";
import { getLanguage, languageCookie } from "./i18next.server";

async function requestWith({ cookie, acceptLanguage }: { cookie?: string; acceptLanguage?: string }) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (acceptLanguage) headers.set("Accept-Language", acceptLanguage);
  return new Request("http://localhost/overview", { headers });
}

describe("getLanguage (remix-i18next's detection, remembered by its inputs)", () => {
  it("takes the language cookie first, then Accept-Language, then English, however often the same inputs come back", async () => {
    const german = await languageCookie.serialize("de");
    for (let round = 0; round < 3; round++) {
      expect(await getLanguage(await requestWith({ acceptLanguage: "de-DE,de;q=0.9,en;q=0.8" }))).toBe("de");
      expect(await getLanguage(await requestWith({ acceptLanguage: "fr-FR,en;q=0.5" }))).toBe("en");
      expect(await getLanguage(await requestWith({ cookie: `${german.split(";")[0]}; __session=abc`, acceptLanguage: "en-US" }))).toBe("de");
      expect(await getLanguage(await requestWith({ cookie: "__session=abc", acceptLanguage: "en-US" }))).toBe("en");
      expect(await getLanguage(await requestWith({}))).toBe("en");
    }
  });

  it("answers an odd header without keeping it", async () => {
    const long = `${"x-".repeat(150)}de,de;q=0.9`;
    expect(await getLanguage(await requestWith({ acceptLanguage: long }))).toBe("de");
  });
});
