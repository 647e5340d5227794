import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { defaultAgentConfig, readAgentConfig, writeAgentConfig } from "./agent-config";
import { checkPromptVariables, fillPromptVariables } from "./prompt-variables";
import { publishProblems } from "./publish-rules";
import { tabSchema } from "./schemas";
import { diffConfigs, diffLines } from "./editor/version-diff";

const form = (entries: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) for (const v of [value].flat()) data.append(name, v);
  return data;
};
const judge = (tab: Parameters<typeof tabSchema>[0], entries: Record<string, string | string[]>) =>
  parseWithZod(form(entries), { schema: tabSchema(tab, "US") });

describe("agent tab schemas (docs/product/agents.md#configuration)", () => {
  it("general: a first message is needed only when the agent speaks first, and a voicemail message only when one is left", () => {
    const base = { name: "Ava", language: "en", firstSpeaker: "agent", maxDurationMinutes: "10", voicemail: "hang-up" };
    expect(judge("general", base).reply().error).toMatchObject({ firstMessage: ["validation.firstMessageRequired"] });
    expect(judge("general", { ...base, firstSpeaker: "caller" }).status).toBe("success");
    expect(judge("general", { ...base, firstSpeaker: "caller", voicemail: "leave-message" }).reply().error).toMatchObject({
      voicemailMessage: ["validation.voicemailMessageRequired"],
    });
    expect(judge("general", { ...base, firstMessage: "Hi", maxDurationMinutes: "121" }).reply().error).toMatchObject({
      maxDurationMinutes: ["validation.maxDurationRange"],
    });
    const ok = judge("general", { ...base, firstMessage: "Hi {{contact.firstName}}", endCallPhrases: "bye\n\n goodbye " });
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toMatchObject({ endCallPhrases: ["bye", "goodbye"], maxDurationMinutes: 10 });
  });

  it("context: unknown variables, a transfer without a valid number and a booking without an event type are refused at their fields", () => {
    const result = judge("context", { instructions: "Greet {{contact.first}}.", transferEnabled: "on", bookingEnabled: "on", transferKind: "warm" });
    expect(result.reply().error).toMatchObject({
      instructions: ["validation.variableUnknown"],
      transferNumber: ["validation.transferNumberRequired"],
      bookingEventTypeId: ["validation.eventTypeRequired"],
    });
    expect(judge("context", { instructions: "x", transferNumber: "12" }).reply().error).toMatchObject({ transferNumber: ["validation.transferNumberInvalid"] });
    const ok = judge("context", {
      instructions: "Hi {{business.name}}",
      transferEnabled: "on",
      transferNumber: "(415) 555-0123",
      knowledgeBaseIds: ["a", "a", "b"],
    });
    expect(ok.status === "success" && ok.value).toMatchObject({
      transferNumber: "+14155550123",
      knowledgeBaseIds: ["a", "b"],
      transferEnabled: true,
      endCallEnabled: false,
    });
  });

  it("appearance, personality, speech and privacy check their ranges and shapes", () => {
    expect(judge("appearance", { avatar: "wave", accentColor: "blue", backgroundColor: "#FFFFFF", widgetPosition: "bottom-left" }).reply().error).toMatchObject(
      {
        accentColor: ["validation.colourInvalid"],
      },
    );
    expect(judge("personality", { tone: "calm", temperature: "1.5", backchannelFrequency: "low" }).reply().error).toMatchObject({
      temperature: ["validation.temperatureRange"],
    });
    expect(
      judge("speech", { voice: "ava", speed: "1", interruptionSensitivity: "low", silenceTimeoutSeconds: "10", pronunciations: "SQL = sequel\nbroken" }).reply()
        .error,
    ).toMatchObject({
      pronunciations: ["validation.pronunciationInvalid"],
    });
    const speech = judge("speech", { voice: "ava", speed: "1.2", interruptionSensitivity: "low", silenceTimeoutSeconds: "10", pronunciations: "SQL = sequel" });
    expect(speech.status === "success" && (speech.value as { pronunciations: unknown }).pronunciations).toEqual([{ word: "SQL", sayAs: "sequel" }]);
    expect(judge("privacy", { transcriptRetentionDays: "-1" }).reply().error).toMatchObject({ transcriptRetentionDays: ["validation.retentionRange"] });
    const privacy = judge("privacy", { transcriptRetentionDays: "30", redactEmails: "on" });
    expect(privacy.status === "success" && privacy.value).toEqual({ recordCalls: false, transcriptRetentionDays: 30, redactCards: false, redactEmails: true });
  });
});

describe("prompt variables (docs/product/agents.md#prompt-variables)", () => {
  it("knows the listed names, reports unknown ones and unclosed braces, and fills known ones", () => {
    expect(checkPromptVariables("Hi {{ contact.firstName }} from {{business.name}}")).toEqual({ unknown: [], unbalanced: false });
    expect(checkPromptVariables("Hi {{contact.nickname}} {{}}")).toEqual({ unknown: ["contact.nickname", "{{}}"], unbalanced: false });
    expect(checkPromptVariables("Hi {{contact.firstName")).toMatchObject({ unbalanced: true });
    expect(fillPromptVariables("Hi {{contact.firstName}}, {{contact.nickname}}", { "contact.firstName": "Jane" })).toBe("Hi Jane, {{contact.nickname}}");
  });
});

describe("stored configurations", () => {
  it("fill missing fields with defaults, drop unknown keys and wrong types, and store in one canonical form", () => {
    const config = readAgentConfig(JSON.stringify({ general: { name: "Old", language: "de", extra: 1 }, speech: { speed: "fast" } }));
    expect(config.general.name).toBe("Old");
    expect(config.speech.voice).toBe("lena");
    expect(config.speech.speed).toBe(1);
    expect("extra" in config.general).toBe(false);
    expect(writeAgentConfig(config)).toBe(writeAgentConfig(readAgentConfig(writeAgentConfig(config))));
    expect(readAgentConfig("not json")).toEqual(defaultAgentConfig());
  });

  it("publishing needs a name, a first message when the agent speaks first, instructions and a voice in the agent's language", () => {
    const config = defaultAgentConfig("de", "Lena");
    config.speech.voice = "ava";
    expect(publishProblems(config).map((p) => p.key)).toEqual(["publish.firstMessageMissing", "publish.instructionsMissing", "publish.voiceLanguage"]);
    config.general.firstMessage = "Hallo";
    config.context.instructions = "Hilf.";
    config.speech.voice = "lena";
    expect(publishProblems(config)).toEqual([]);
  });
});

describe("version diff (docs/product/agents.md#versions)", () => {
  it("lists changed fields in tab order and the instructions as a line diff", () => {
    const before = defaultAgentConfig("en", "Ava");
    before.context.instructions = "Line one\nLine two\nLine three";
    const after = structuredClone(before);
    after.general.name = "Ava 2";
    after.speech.pronunciations = [{ word: "SQL", sayAs: "sequel" }];
    after.context.instructions = "Line one\nLine 2\nLine three\nLine four";
    const changes = diffConfigs(before, after);
    expect(changes.map((c) => `${c.tab}.${c.field}`)).toEqual(["general.name", "context.instructions", "speech.pronunciations"]);
    expect(changes[0]).toMatchObject({ kind: "value", before: "Ava", after: "Ava 2" });
    expect(changes[2]).toMatchObject({ kind: "value", before: "", after: "SQL = sequel" });
    expect(changes[1]).toMatchObject({
      kind: "text",
      lines: [
        { kind: "same", text: "Line one" },
        { kind: "removed", text: "Line two" },
        { kind: "added", text: "Line 2" },
        { kind: "same", text: "Line three" },
        { kind: "added", text: "Line four" },
      ],
    });
    expect(diffConfigs(before, structuredClone(before))).toEqual([]);
  });

  it("diffs from and to nothing", () => {
    expect(diffLines("", "a\nb")).toEqual([
      { kind: "added", text: "a" },
      { kind: "added", text: "b" },
    ]);
    expect(diffLines("a", "")).toEqual([{ kind: "removed", text: "a" }]);
  });
});
