import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { TranslationProvider } from "~/i18n/react";
import { Translator } from "~/i18n/translator";
import { describe, expect, it } from "vitest";
import type { Language } from "~/i18n/config";
import { resources } from "~/i18n/resources.server";
import { PhoneField } from "./phone-field";

/** Server-rendered, as the page arrives: what a browser without JavaScript gets, and what hydration must match. */
async function render(element: ReactNode, language: Language = "en") {
  const translator = new Translator(language, resources[language]);
  return renderToStaticMarkup(<TranslationProvider translator={translator}>{element}</TranslationProvider>);
}

describe("PhoneField", () => {
  it("is a plain tel input with its label, so the server normalises whatever is typed", async () => {
    const html = await render(<PhoneField label="Phone number" inputProps={{ id: "phone", name: "phone", defaultValue: "+14165550101" }} />);
    expect(html).toContain('<label for="phone" class="block text-sm font-medium">Phone number</label>');
    const input = html.match(/<input[^>]*>/)?.[0] ?? "";
    expect(input).toContain('type="tel"');
    expect(input).toContain('inputMode="tel"');
    expect(input).toContain('autoComplete="tel"');
    expect(input).toContain('value="+14165550101"');
  });

  it("carries the help card as a disclosure with the three documented examples, in English and German", async () => {
    const html = await render(<PhoneField label="Phone" inputProps={{ name: "phone" }} />);
    expect(html).toContain("<details");
    expect(html).toContain("<summary");
    expect(html).toContain("Which phone formats work?");
    expect(html).toContain("US numbers such as 555 123 4567 get brackets and +1 automatically.");
    expect(html).toContain("International numbers (for example starting with 44) get a +.");
    expect(html).toContain("A plain digit string such as 15551234567 gets a +.");
    const german = await render(<PhoneField label="Telefon" inputProps={{ name: "phone" }} />, "de");
    expect(german).toContain("Welche Telefonformate funktionieren?");
    expect(german).toContain("US-Nummern wie 555 123 4567 erhalten automatisch Klammern und +1.");
  });

  it("explains + and 00, and a leading 0 where the tenant's country has national numbers", async () => {
    const german = await render(<PhoneField label="Telefon" country="DE" inputProps={{ name: "phone" }} />, "de");
    expect(german).toContain("Nummern mit + oder 00 am Anfang sind international");
    expect(german).toContain("gilt als Inlandsnummer mit Vorwahl (Land: Deutschland).");
    const british = await render(<PhoneField label="Phone" country="GB" inputProps={{ name: "phone" }} />);
    expect(british).toContain("read as a national number with its area code (country: United Kingdom).");
    // North America has no trunk 0, so there is nothing to say about one.
    const american = await render(<PhoneField label="Phone" country="US" inputProps={{ name: "phone" }} />);
    expect(american).toContain("Numbers starting with + or 00 are international");
    expect(american).not.toContain("(country:");
  });

  it("puts a way out of the error right under it, and only while there is an error", async () => {
    const action = <a href="/contacts/c1/edit">Open the existing contact</a>;
    const refused = await render(
      <PhoneField label="Phone" namespace="contacts" errors={["validation.phoneExists"]} errorAction={action} inputProps={{ id: "phone", name: "phone" }} />,
    );
    expect(refused).toMatch(
      /A contact with this phone number already exists<\/li><\/ul><div class="text-sm"><a href="\/contacts\/c1\/edit">Open the existing contact<\/a><\/div>/,
    );
    const fine = await render(<PhoneField label="Phone" namespace="contacts" errorAction={action} inputProps={{ id: "phone", name: "phone" }} />);
    expect(fine).not.toContain("Open the existing contact");
  });

  it("renders the live format indicator empty until someone types (no hydration mismatch)", async () => {
    const html = await render(<PhoneField label="Phone" inputProps={{ id: "phone", name: "phone", defaultValue: "12345" }} />);
    expect(html).toMatch(/<p id="phone-format" aria-live="polite" data-testid="phone-format-status" class="[^"]*"><\/p>/);
    expect(html).not.toContain("Valid format");
    expect(html).not.toContain("Invalid format");
  });

  it("shows the hint and the field's errors, translated in the caller's namespace", async () => {
    const html = await render(
      <PhoneField
        label="Phone"
        namespace="numbers"
        hint="Saved in international format."
        errors={["validation.phoneInvalid"]}
        inputProps={{ id: "phone", name: "phone" }}
      />,
    );
    expect(html).toContain("Saved in international format.");
    expect(html).toContain("Invalid phone number format");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="phone-error phone-hint"');
  });
});
