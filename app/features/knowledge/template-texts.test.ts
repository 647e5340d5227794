import { describe, expect, it } from "vitest";
import { fillFromTemplate, templateLanguage, type TemplateTexts } from "./template-texts";

const texts: TemplateTexts = {
  en: {
    "customer-support": { firstMessage: "Hello!", content: "You help customers." },
    "lead-qualification": { firstMessage: "Hi there!", content: "You qualify leads." },
  },
  de: {
    "customer-support": { firstMessage: "Guten Tag!", content: "Sie helfen Kunden." },
    "lead-qualification": { firstMessage: "Hallo!", content: "Sie qualifizieren Interessenten." },
  },
};
const empty = { firstMessage: "", content: "" };

describe("templateLanguage", () => {
  it("follows the chosen voice, whatever the interface language", () => {
    expect(templateLanguage("lena", "en")).toBe("de");
    expect(templateLanguage("jonas", "en")).toBe("de");
    expect(templateLanguage("ava", "de")).toBe("en");
  });

  it("falls back to the interface language without a (known) voice", () => {
    expect(templateLanguage("", "de")).toBe("de");
    expect(templateLanguage(null, "en")).toBe("en");
    expect(templateLanguage("robot", "fr")).toBe("en");
  });
});

describe("fillFromTemplate", () => {
  it("fills empty fields with the template in the voice's language", () => {
    expect(fillFromTemplate(empty, "customer-support", "de", texts)).toEqual({ firstMessage: "Guten Tag!", content: "Sie helfen Kunden." });
    expect(fillFromTemplate({ firstMessage: "  ", content: "" }, "customer-support", "en", texts)).toEqual({
      firstMessage: "Hello!",
      content: "You help customers.",
    });
  });

  it("leaves empty fields empty for blank or unknown templates", () => {
    expect(fillFromTemplate(empty, "blank", "de", texts)).toEqual(empty);
    expect(fillFromTemplate(empty, "nonsense", "de", texts)).toEqual(empty);
  });

  it("never replaces what was typed or edited", () => {
    const typed = { firstMessage: "Moin!", content: "Sie helfen Kunden. Und mehr." };
    expect(fillFromTemplate(typed, "customer-support", "en", texts)).toEqual(typed);
  });

  it("translates an untouched template text when the voice's language changes", () => {
    const english = { firstMessage: "Hello!", content: "You help customers." };
    expect(fillFromTemplate(english, "customer-support", "de", texts)).toEqual({ firstMessage: "Guten Tag!", content: "Sie helfen Kunden." });
    // Only the edited field stays.
    expect(fillFromTemplate({ firstMessage: "Howdy!", content: "You help customers." }, "customer-support", "de", texts)).toEqual({
      firstMessage: "Howdy!",
      content: "Sie helfen Kunden.",
    });
  });

  it("keeps the template a text came from when another template is chosen over it", () => {
    const lead = { firstMessage: "Hi there!", content: "You qualify leads." };
    expect(fillFromTemplate(lead, "customer-support", "en", texts)).toEqual(lead);
    expect(fillFromTemplate(lead, "customer-support", "de", texts)).toEqual({ firstMessage: "Hallo!", content: "Sie qualifizieren Interessenten." });
  });
});
