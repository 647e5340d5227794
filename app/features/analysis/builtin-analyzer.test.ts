import { describe, expect, it } from "vitest";
import type { TranscriptTurn } from "~/features/calls/derived-columns";
import { analysisResultSchema } from "./analysis";
import {
  analyzeTranscript,
  builtinAnalyzer,
  detectLanguage,
  detectOutcome,
  detectTopics,
  findActionItems,
  firstCustomerNeed,
  scoreSentiment,
  withRoles,
} from "./builtin-analyzer";
import { splitSentences } from "./text";

const turns = (...lines: Array<[string, string]>): TranscriptTurn[] => lines.map(([speaker, text]) => ({ speaker, text }));
const customerSays = (...texts: string[]) => turns(["Agent", "How can I help?"], ...texts.map((text): [string, string] => ["Customer", text]));
const kundeSagt = (...texts: string[]) => turns(["Agent", "Wie kann ich Ihnen helfen?"], ...texts.map((text): [string, string] => ["Kunde", text]));
const sentimentOf = (transcript: TranscriptTurn[], language: "en" | "de") => scoreSentiment(withRoles(transcript), language);
const outcomeOf = (transcript: TranscriptTurn[], language: "en" | "de") => detectOutcome(withRoles(transcript), language);

const englishBillingCall = turns(
  ["Agent", "Thank you for calling Brightline Energy, this is Ava. How can I help you today?"],
  ["Customer", "Hi, I'm calling because my bill for March is wrong. I was charged $1,250.50 instead of $250. I'm really frustrated, this is the second time."],
  [
    "Agent",
    "I'm sorry to hear that. I can see the duplicate charge. I will send you a corrected invoice by email today, and we'll refund the difference by next Tuesday.",
  ],
  ["Customer", "Okay. My email is Jane.Doe@Example.com and you can reach me on +1 (416) 555-0101. I'm not happy about this."],
  ["Agent", "Understood. The refund has been processed."],
);

const germanAppointmentCall = turns(
  ["Agent", "Guten Tag, Stadtwerke Nord, mein Name ist Lena. Wie kann ich Ihnen helfen?"],
  ["Kunde", "Guten Tag. Ich möchte einen Termin für die Zählerablesung vereinbaren. Meine letzte Rechnung über 1.250,50 € war leider falsch."],
  [
    "Agent",
    "Das tut mir leid. Ich habe Ihnen einen Termin am nächsten Dienstag, den 3. März eingetragen. Ich schicke Ihnen die Bestätigung per E-Mail an max.mustermann@beispiel.de.",
  ],
  ["Kunde", "Super, vielen Dank. Sie erreichen mich unter +49 (0)171 2345678. Ich bin sehr zufrieden."],
  ["Agent", "Gern. Der Termin ist bestätigt. Die Gutschrift über EUR 40 erhalten Sie bis zum 03.04.2026."],
);

describe("the whole analysis", () => {
  it("analyses an English call", () => {
    const result = analyzeTranscript({ transcript: englishBillingCall });
    expect(analysisResultSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      language: "en",
      sentiment: "negative",
      outcome: "resolved",
      provider: "builtin",
      summary: "Customer request: “I'm calling because my bill for March is wrong”. Outcome: Resolved.",
      actionItems: ["I will send you a corrected invoice by email today, and we'll refund the difference by next Tuesday."],
      entities: {
        emails: ["jane.doe@example.com"],
        phoneNumbers: ["+14165550101"],
        dates: ["next Tuesday"],
        amounts: [
          { value: 1250.5, currency: "USD", text: "$1,250.50" },
          { value: 250, currency: "USD", text: "$250" },
        ],
      },
    });
    expect(result.topics.slice(0, 2)).toEqual(["billing", "refund"]);
    expect(result.sentimentScore).toBeLessThan(-0.5);
    expect(result).not.toHaveProperty("model");
  });

  it("analyses a German call", () => {
    const result = analyzeTranscript({ transcript: germanAppointmentCall });
    expect(analysisResultSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      language: "de",
      sentiment: "positive",
      outcome: "appointment-booked",
      summary: "Anliegen: „Ich möchte einen Termin für die Zählerablesung vereinbaren“. Ergebnis: Termin gebucht.",
      topics: ["appointment", "billing", "refund"],
      actionItems: [
        "Ich schicke Ihnen die Bestätigung per E-Mail an max.mustermann@beispiel.de.",
        "Die Gutschrift über EUR 40 erhalten Sie bis zum 03.04.2026.",
      ],
      entities: {
        emails: ["max.mustermann@beispiel.de"],
        phoneNumbers: ["+491712345678"],
        dates: ["nächsten Dienstag, den 3. März", "03.04.2026"],
        amounts: [
          { value: 1250.5, currency: "EUR", text: "1.250,50 €" },
          { value: 40, currency: "EUR", text: "EUR 40" },
        ],
      },
    });
  });

  it("gives the same result for the same transcript, every time", async () => {
    const first = await builtinAnalyzer.analyze({ transcript: germanAppointmentCall });
    const second = await builtinAnalyzer.analyze({ transcript: structuredClone(germanAppointmentCall) });
    expect(second).toEqual(first);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it("uses the summary the platform sent instead of generating one", () => {
    expect(analyzeTranscript({ transcript: englishBillingCall, summary: "  Billing dispute, refund issued.  " }).summary).toBe(
      "Billing dispute, refund issued.",
    );
    expect(analyzeTranscript({ transcript: englishBillingCall, summary: "   " }).summary).toMatch(/^Customer request:/);
  });
});

describe("language", () => {
  it("tells English from German by their function words", () => {
    expect(detectLanguage(englishBillingCall)).toBe("en");
    expect(detectLanguage(germanAppointmentCall)).toBe("de");
    expect(detectLanguage(turns(["Kunde", "Ja, das ist mir zu teuer, ich habe kein Interesse."]))).toBe("de");
    expect(detectLanguage(turns(["Customer", "No, that is too expensive for me."]))).toBe("en");
  });

  it("falls back to the hint, then English, when the words do not tell", () => {
    const unclear = turns(["Customer", "Okay. 12345."]);
    expect(detectLanguage(unclear, "de")).toBe("de");
    expect(detectLanguage(unclear)).toBe("en");
  });
});

describe("speakers", () => {
  it("recognises customer and agent labels in both languages", () => {
    const roles = withRoles(turns(["assistant", "Hi"], ["user", "Hello"], ["Kundin", "Hallo"], ["KI-Agent", "Guten Tag"])).map((turn) => turn.role);
    expect(roles).toEqual(["agent", "customer", "customer", "agent"]);
  });

  it("takes the first of unlabelled speakers for the agent", () => {
    expect(withRoles(turns(["Ava", "Hello"], ["Jane", "Hi"], ["Ava", "Bye"])).map((turn) => turn.role)).toEqual(["agent", "customer", "agent"]);
    expect(withRoles(turns(["Jane", "Please call me back"])).map((turn) => turn.role)).toEqual(["customer"]);
  });
});

describe("sentiment", () => {
  it.each([
    ["This was great, thank you so much, really helpful!", "positive"],
    ["Thanks, that's all.", "neutral"],
    ["I'd like to book an appointment for Tuesday.", "neutral"],
    ["This is unacceptable. I'm very disappointed and frustrated.", "negative"],
  ] as const)("English: %s → %s", (text, expected) => {
    expect(sentimentOf(customerSays(text), "en").sentiment).toBe(expected);
  });

  it.each([
    ["Das war super, vielen Dank, sehr hilfreich!", "positive"],
    ["Ich möchte einen Termin am Dienstag.", "neutral"],
    ["Das ist eine Zumutung. Ich bin sehr enttäuscht und verärgert.", "negative"],
  ] as const)("German: %s → %s", (text, expected) => {
    expect(sentimentOf(kundeSagt(text), "de").sentiment).toBe(expected);
  });

  it("turns a negated pleased word displeased, in English and German", () => {
    expect(sentimentOf(customerSays("I'm happy with this."), "en").sentiment).toBe("positive");
    expect(sentimentOf(customerSays("I'm not happy with this."), "en").sentiment).toBe("negative");
    expect(sentimentOf(customerSays("I'm not very happy with this."), "en").sentiment).toBe("negative");
    expect(sentimentOf(kundeSagt("Ich bin zufrieden."), "de").sentiment).toBe("positive");
    expect(sentimentOf(kundeSagt("Ich bin nicht zufrieden."), "de").sentiment).toBe("negative");
    expect(sentimentOf(kundeSagt("Ich bin damit gar nicht zufrieden."), "de").sentiment).toBe("negative");
  });

  it("reads a German verb negated after it", () => {
    expect(sentimentOf(kundeSagt("Das hilft mir nicht, das gefällt mir nicht."), "de").sentiment).toBe("negative");
    expect(sentimentOf(kundeSagt("Das hilft mir, das gefällt mir."), "de").sentiment).toBe("positive");
  });

  it("softens a negated displeased word instead of counting it", () => {
    expect(sentimentOf(customerSays("No problem at all, not bad."), "en").sentimentScore).toBeGreaterThan(0);
    expect(sentimentOf(kundeSagt("Kein Problem, nicht schlecht."), "de").sentimentScore).toBeGreaterThan(0);
  });

  it("ends a negation at a contrast word", () => {
    expect(sentimentOf(customerSays("It was not cheap but the service was excellent."), "en").sentiment).toBe("positive");
    expect(sentimentOf(kundeSagt("Es war nicht billig, aber der Service war hervorragend."), "de").sentiment).toBe("positive");
  });

  it("strengthens a word after an intensifier", () => {
    const plain = sentimentOf(customerSays("I'm satisfied."), "en").sentimentScore;
    const strong = sentimentOf(customerSays("I'm very satisfied."), "en").sentimentScore;
    expect(strong).toBeGreaterThan(plain);
  });

  it("hears displeasure said without displeased words", () => {
    expect(sentimentOf(customerSays("Who gave you this number? This is the third call this week. Take me off your list."), "en").sentiment).toBe("negative");
    expect(sentimentOf(kundeSagt("Schon wieder ein Anruf? Das bringt doch nichts, ich suche mir eine andere Praxis."), "de").sentiment).toBe("negative");
  });

  it("does not read politeness alone as a positive call", () => {
    expect(sentimentOf(customerSays("Speaking.", "Thanks, talk then."), "en").sentiment).toBe("neutral");
    expect(sentimentOf(kundeSagt("Ja, danke, auf Wiederhören."), "de").sentiment).toBe("neutral");
  });

  it("lets the customer's words outweigh the agent's politeness", () => {
    const transcript = turns(["Agent", "Great, perfect, happy to help, wonderful!"], ["Customer", "This is terrible. I'm really angry."]);
    expect(sentimentOf(transcript, "en").sentiment).toBe("negative");
  });

  it("keeps the score between -1 and 1", () => {
    const furious = sentimentOf(customerSays("Terrible, awful, horrible, the worst, unacceptable, a nightmare!".repeat(10)), "en");
    expect(furious.sentimentScore).toBeGreaterThanOrEqual(-1);
    expect(furious.sentimentScore).toBeLessThan(-0.9);
    expect(sentimentOf(customerSays("Okay."), "en")).toEqual({ sentiment: "neutral", sentimentScore: 0 });
  });
});

describe("outcome", () => {
  it.each([
    ["Hi, you've reached Sam. Please leave a message after the tone.", "voicemail"],
    ["Let me transfer you to my supervisor.", "escalated"],
    ["Perfect, I've booked you in for Tuesday at 3 pm.", "appointment-booked"],
    ["Your appointment is confirmed for March 3.", "appointment-booked"],
    ["Great, so the viewing is booked for Friday.", "appointment-booked"],
    ["I'm not interested, please remove me from your list.", "not-interested"],
    ["Can someone call me back tomorrow?", "callback-requested"],
    ["Thanks, it works again now.", "resolved"],
    ["The issue has been fixed.", "resolved"],
    ["I have a question about my bill.", "unresolved"],
  ] as const)("English: %s → %s", (text, expected) => {
    expect(outcomeOf(customerSays(text), "en")).toBe(expected);
  });

  it.each([
    ["Hallo, hier ist die Mailbox von Sam. Bitte hinterlassen Sie eine Nachricht nach dem Signalton.", "voicemail"],
    ["Ich verbinde Sie mit meinem Vorgesetzten.", "escalated"],
    ["Ihr Termin ist bestätigt, wir sehen uns am Dienstag.", "appointment-booked"],
    ["Ich habe Ihnen den Termin am 3. März eingetragen.", "appointment-booked"],
    ["Danke, aber ich habe kein Interesse.", "not-interested"],
    ["Können Sie mich morgen zurückrufen?", "callback-requested"],
    ["Wir rufen Sie morgen zurück.", "callback-requested"],
    ["Und rufen Sie mich am Freitag noch mal an.", "callback-requested"],
    ["Warum rufen Sie mich eigentlich an?", "unresolved"],
    ["Danke, das Problem ist gelöst.", "resolved"],
    ["Das Internet funktioniert jetzt wieder.", "resolved"],
    ["Ich habe eine Frage zu meiner Rechnung.", "unresolved"],
  ] as const)("German: %s → %s", (text, expected) => {
    expect(outcomeOf(kundeSagt(text), "de")).toBe(expected);
  });

  it("does not count a negated outcome", () => {
    expect(outcomeOf(customerSays("It's still not resolved and nothing has been fixed."), "en")).toBe("unresolved");
    expect(outcomeOf(kundeSagt("Das Problem ist immer noch nicht gelöst."), "de")).toBe("unresolved");
    expect(outcomeOf(customerSays("The appointment is not confirmed yet."), "en")).toBe("unresolved");
    expect(outcomeOf(customerSays("Please don't call me back."), "en")).toBe("unresolved");
  });

  it("does not take a cancelled appointment for a booking", () => {
    expect(outcomeOf(customerSays("Your appointment on Friday is cancelled, I've confirmed that."), "en")).not.toBe("appointment-booked");
    expect(outcomeOf(kundeSagt("Der Termin ist storniert, das habe ich bestätigt."), "de")).not.toBe("appointment-booked");
  });

  it("takes an offered slot the customer accepts for a booking, in English and German", () => {
    const english = turns(
      ["agent", "Hello, you've reached Demo Company. How can I help?"],
      ["customer", "I'd like to book a demo for our team."],
      ["agent", "I have Monday, August 31 at 10:15 AM available. Does that suit you?"],
      ["customer", "Perfect. Please send the invite to me."],
    );
    expect(outcomeOf(english, "en")).toBe("appointment-booked");
    const german = turns(
      ["agent", "Ein Energieberater kann sich das vor Ort ansehen. Wie wäre es am Freitag, 20. November um 14 Uhr?"],
      ["customer", "Das passt."],
    );
    expect(outcomeOf(german, "de")).toBe("appointment-booked");
    // Declined, a callback or a reminder is not a booking.
    const declined = turns(["agent", "Our technician can visit next Tuesday. Would that work?"], ["customer", "No, that doesn't work for me."]);
    expect(outcomeOf(declined, "en")).toBe("unresolved");
    const callback = turns(["agent", "Ein Kollege ruft Sie am Freitag, 20. November zurück, wegen Ihres Termins. Passt das?"], ["customer", "Ja, gern."]);
    expect(outcomeOf(callback, "de")).toBe("callback-requested");
    const reminder = turns(["agent", "Ich erinnere Sie an Ihren Termin am 3. März."], ["customer", "Ja, danke."]);
    expect(outcomeOf(reminder, "de")).toBe("unresolved");
  });

  it("reads a handover to a colleague as escalated", () => {
    expect(outcomeOf(turns(["agent", "Ich gebe den Fall an unsere Buchhaltung weiter."]), "de")).toBe("escalated");
    expect(outcomeOf(turns(["agent", "I'm escalating this to a senior engineer."]), "en")).toBe("escalated");
  });

  it("reads a completed request as resolved", () => {
    expect(outcomeOf(turns(["agent", "Thanks. I've sent a reset link to your email."], ["customer", "Got it, I'm in. That was fast!"]), "en")).toBe("resolved");
    expect(outcomeOf(turns(["agent", "Done. Anything else?"]), "en")).toBe("resolved");
    expect(outcomeOf(turns(["agent", "Ich habe die Adresse aktualisiert."], ["customer", "Das ging ja schnell, danke!"]), "de")).toBe("resolved");
    expect(outcomeOf(turns(["customer", "When will it be done?"]), "en")).toBe("unresolved");
  });

  it("trusts the platform when it says the call went to voicemail", () => {
    const message = turns(["agent", "Hi Lucas, this is Ben from Demo Company. Please call us back at +1 416 555 0100."]);
    expect(analyzeTranscript({ transcript: message }).outcome).toBe("callback-requested");
    const result = analyzeTranscript({ transcript: message, callStatus: "voicemail" });
    expect(result.outcome).toBe("voicemail");
    expect(result.summary).toMatch(/Outcome: Voicemail\.$/);
  });

  it("prefers the stronger outcome when several apply", () => {
    // Not interested wins over the callback it rules out.
    expect(outcomeOf(customerSays("I'm not interested, don't call me again and don't call back."), "en")).toBe("not-interested");
    // A booking wins over the problem being solved.
    expect(outcomeOf(customerSays("That solved it. Your appointment is booked for Monday."), "en")).toBe("appointment-booked");
  });
});

describe("topics", () => {
  it("finds English topics, the most mentioned first", () => {
    const transcript = customerSays(
      "My invoice is wrong and I was charged twice.",
      "Also, how much does the premium plan cost?",
      "If it's not fixed I will cancel.",
    );
    expect(detectTopics(transcript, "en")).toEqual(["billing", "pricing", "cancellation"]);
  });

  it("finds German topics inside compound words", () => {
    const transcript = kundeSagt(
      "Meine Stromrechnung ist zu hoch und die Abbuchung war doppelt.",
      "Ich möchte meinen Vertrag kündigen.",
      "Außerdem ist das Paket nie angekommen.",
    );
    expect(detectTopics(transcript, "de")).toEqual(["billing", "cancellation", "delivery", "contract"]);
  });

  it("finds technical issues and complaints in both languages", () => {
    expect(detectTopics(customerSays("My internet is not working, the router shows an error. This is unacceptable."), "en")).toEqual([
      "technical-issue",
      "complaint",
    ]);
    expect(detectTopics(kundeSagt("Seit gestern habe ich eine Störung, das Internet geht nicht. Ich möchte mich beschweren."), "de")).toEqual([
      "technical-issue",
      "complaint",
    ]);
  });

  it("returns no topics for small talk and at most five", () => {
    expect(detectTopics(customerSays("Hello, nice weather today."), "en")).toEqual([]);
    const everything = customerSays("bill appointment cancel price outage delivery complaint refund password contract demo");
    expect(detectTopics(everything, "en")).toHaveLength(5);
  });
});

describe("action items", () => {
  it("finds English commitments", () => {
    const transcript = turns(
      ["Agent", "I will send you the contract by email. Is there anything else?"],
      ["Customer", "No. I'll forward it to my accountant."],
      ["Agent", "Great. We'll call you back on Friday to confirm. You'll receive a text reminder."],
    );
    expect(findActionItems(transcript, "en")).toEqual([
      "I will send you the contract by email.",
      "I'll forward it to my accountant.",
      "We'll call you back on Friday to confirm.",
      "You'll receive a text reminder.",
    ]);
  });

  it("finds German commitments, also with the verb first", () => {
    const transcript = turns(
      ["Agent", "Ich schicke Ihnen die Unterlagen heute per E-Mail. Wir rufen Sie morgen zurück."],
      ["Kunde", "Gut. Dann melde ich mich nächste Woche noch einmal."],
      ["Agent", "Ich werde das mit der Technik klären."],
    );
    expect(findActionItems(transcript, "de")).toEqual([
      "Ich schicke Ihnen die Unterlagen heute per E-Mail.",
      "Wir rufen Sie morgen zurück.",
      "Dann melde ich mich nächste Woche noch einmal.",
      "Ich werde das mit der Technik klären.",
    ]);
  });

  it("does not take the reason for calling or a refusal for a commitment", () => {
    expect(findActionItems(kundeSagt("Ich melde mich, weil meine Rechnung falsch ist. Ich rufe an wegen meines Vertrags."), "de")).toEqual([]);
    expect(findActionItems(customerSays("I need help with my bill. We talked yesterday."), "en")).toEqual([]);
  });
});

describe("summary", () => {
  it("quotes the customer's first need, without the greeting", () => {
    expect(firstCustomerNeed(withRoles(customerSays("Hello! Hi, I would like to change my address. Thanks.")), "en")).toBe("I would like to change my address");
    expect(firstCustomerNeed(withRoles(kundeSagt("Hallo, ja, es geht um meine Lieferung von gestern.")), "de")).toBe("Es geht um meine Lieferung von gestern");
  });

  it("quotes no sentence when the customer never states a need", () => {
    expect(firstCustomerNeed(withRoles(customerSays("Yes, speaking.", "My email is anna@example.com if you need it.")), "en")).toBeNull();
    expect(firstCustomerNeed(withRoles(kundeSagt("Ja, am Apparat.", "Vielen Dank für die Erinnerung!")), "de")).toBeNull();
    expect(firstCustomerNeed(withRoles(customerSays("Hi, I'm locked out of the dashboard.")), "en")).toBe("I'm locked out of the dashboard");
    expect(firstCustomerNeed(withRoles(kundeSagt("Ich habe schon wieder eine falsche Rechnung bekommen!")), "de")).toBe(
      "Ich habe schon wieder eine falsche Rechnung bekommen",
    );
  });

  it("falls back to the topics, then to the outcome alone, in the transcript's language", () => {
    expect(analyzeTranscript({ transcript: turns(["Agent", "Your invoice and the refund."], ["Agent", "Okay."]) }).summary).toBe(
      "Call about Billing, Refund. Outcome: Unresolved.",
    );
    expect(analyzeTranscript({ transcript: turns(["Agent", "Ihre Rechnung und die Gutschrift, bitte."]) }).summary).toBe(
      "Worum es ging: Abrechnung, Erstattung. Ergebnis: Ungelöst.",
    );
    expect(analyzeTranscript({ transcript: turns(["Agent", "Hallo?"], ["Agent", "Hallo, bitte?"]) }).summary).toBe("Ergebnis: Ungelöst.");
  });
});

describe("sentences", () => {
  it("splits at sentence ends but not inside German dates or decimals", () => {
    expect(splitSentences("Am 3. März um 10 Uhr. Die Summe ist 12.50 Euro! Passt das? Ja.")).toEqual([
      "Am 3. März um 10 Uhr.",
      "Die Summe ist 12.50 Euro!",
      "Passt das?",
      "Ja.",
    ]);
  });
});
