import type { AnalysisLanguage } from "~/features/analysis/analysis";
import { detectLanguage, withRoles, type RoledTurn } from "~/features/analysis/builtin-analyzer";
import { extractEntities } from "~/features/analysis/entities";
import { STOP_WORDS } from "~/features/analysis/lexicons";
import { negatedBefore, normaliseText, splitSentences, tokens } from "~/features/analysis/text";
import type { TranscriptTurn } from "~/features/calls/derived-columns";
import { resolveSpokenDate } from "./spoken-dates";
import { judgeByRule, type CriterionResult, type Extraction, type FieldResult, type TemplateDefinition, type TemplateField } from "./template-definition";

/**
 * The built-in analyzer's side of a post-call template (docs/product/post-call.md#built-in-extraction):
 * what can be read off a transcript without a language model, and nothing
 * more. A field is looked for where its words come up: the turn that mentions
 * the field's name or description, and the customer's answer right after it.
 * Dates, amounts and numbers are read from there (or from the whole call when
 * it mentions exactly one); yes/no from how the customer answers a question
 * about it, or affirms or negates it; a choice when exactly one of its options
 * is said; text as the customer's answer to the agent's question about it.
 * Anything else is "not found", never a guess. Criteria with a rule are
 * judged by their field; the others stay unknown, since judging them takes a
 * model. Pure: the same transcript gives the same result.
 */
export interface ExtractionInput {
  transcript: TranscriptTurn[];
  definition: TemplateDefinition;
  /** When the call took place: "tomorrow" and "Tuesday" are read from here. */
  callDate: Date;
  timeZone: string;
  language?: AnalysisLanguage;
}

export function extractBuiltin({ transcript, definition, callDate, timeZone, language: hint }: ExtractionInput): Extraction {
  const turns = withRoles(transcript.filter((turn) => turn.text.trim() !== ""));
  const language = detectLanguage(turns, hint);
  const context: Context = { turns, language, callDate, timeZone };
  const fields = definition.fields.map((field) => extractField(field, context));
  const criteria: CriterionResult[] = definition.criteria.map(
    (criterion) => judgeByRule(criterion, fields) ?? { key: criterion.key, verdict: "unknown", reason: "builtin.needsModel" },
  );
  return { fields, criteria, summary: null, provider: "builtin" };
}

interface Context {
  turns: RoledTurn[];
  language: AnalysisLanguage;
  callDate: Date;
  timeZone: string;
}

interface Found {
  value: string | number | boolean;
  evidence: string;
  turn: RoledTurn;
}

const notFound = (key: string): FieldResult => ({ key, found: false, value: null, evidence: null, atSeconds: null });

function extractField(field: TemplateField, context: Context): FieldResult {
  const found = FINDERS[field.type](field, context);
  if (!found) return notFound(field.key);
  return { key: field.key, found: true, value: found.value, evidence: clip(found.evidence), atSeconds: found.turn.startSeconds ?? null };
}

type Finder = (field: TemplateField, context: Context) => Found | null;

const FINDERS: Record<TemplateField["type"], Finder> = {
  number: (field, context) => firstInWindows(field, context, (turn) => numbersIn(turn.text)) ?? onlyOneInCall(context, (turn) => numbersIn(turn.text)),
  date: (field, context) => {
    const datesIn = (turn: RoledTurn) =>
      extractEntities(turn.text)
        .dates.map((said) => ({ said, iso: resolveSpokenDate(said, context.callDate, context.timeZone, context.language) }))
        .filter((date): date is { said: string; iso: string } => date.iso !== null)
        .map((date) => ({ value: date.iso, evidence: sentenceWith(turn.text, date.said) }));
    return firstInWindows(field, context, datesIn) ?? onlyOneInCall(context, datesIn);
  },
  "yes-no": (field, context) => {
    for (const window of windows(field, context)) {
      // The agent asked about it (in a question, not just in passing): the customer's answer decides.
      if (window.asksAboutIt && window.answer) {
        const answer = yesOrNo(window.answer.text, context.language);
        if (answer !== null) return { value: answer, evidence: window.answer.text, turn: window.answer };
      }
      // The customer said it: affirmed or negated.
      if (window.anchor.role === "customer") {
        const mention = keywordMatch(window.anchor.text, keywordsOf(field));
        if (mention)
          return {
            value: !negatedBefore(normaliseText(window.anchor.text), mention.index),
            evidence: sentenceWith(window.anchor.text, mention.text),
            turn: window.anchor,
          };
      }
    }
    return null;
  },
  choice: (field, context) => {
    const optionsIn = (turn: RoledTurn) => {
      const said = field.options.filter((option) => wordRegExp(option).test(turn.text));
      return said.length === 1 ? [{ value: said[0]!, evidence: sentenceWith(turn.text, said[0]!) }] : [];
    };
    const customerOnly = (turn: RoledTurn) => (turn.role === "customer" ? optionsIn(turn) : []);
    return firstInWindows(field, context, customerOnly) ?? onlyOneInCall(context, customerOnly);
  },
  text: (field, context) => {
    for (const window of windows(field, context)) {
      if (window.asksAboutIt && window.answer) {
        return { value: clip(window.answer.text.trim(), 300), evidence: window.answer.text, turn: window.answer };
      }
    }
    return null;
  },
};

interface Window {
  anchor: RoledTurn;
  /** The agent's turn asks a question that names the field ("Shall I renew it?"), rather than naming it elsewhere ("about your renewal. Do you have a minute?"). */
  asksAboutIt: boolean;
  /** The customer's next turn after an agent's anchor. */
  answer: RoledTurn | null;
}

/** The turns that mention the field, each with the customer's reply when the agent said it. */
function windows(field: TemplateField, context: Context): Window[] {
  const keywords = keywordsOf(field);
  if (keywords.length === 0) return [];
  const result: Window[] = [];
  context.turns.forEach((turn, index) => {
    if (!keywordMatch(turn.text, keywords)) return;
    const answer = turn.role === "agent" ? (context.turns.slice(index + 1).find((next) => next.role === "customer") ?? null) : null;
    const asksAboutIt =
      turn.role === "agent" && splitSentences(turn.text).some((sentence) => isQuestion(sentence) && keywordMatch(sentence, keywords) !== null);
    result.push({ anchor: turn, answer, asksAboutIt });
  });
  return result;
}

type Candidates = (turn: RoledTurn) => Array<{ value: string | number | boolean; evidence: string }>;

/** The first value of the kind in a window: the anchor first when the customer said it, else the customer's answer, then the agent's own words. */
function firstInWindows(field: TemplateField, context: Context, candidates: Candidates): Found | null {
  for (const window of windows(field, context)) {
    const order = window.anchor.role === "customer" ? [window.anchor] : [window.answer, window.anchor];
    for (const turn of order) {
      if (!turn) continue;
      const first = candidates(turn)[0];
      if (first) return { ...first, turn };
    }
  }
  return null;
}

/** When the call mentions exactly one value of the kind, that is the one, wherever it was said. */
function onlyOneInCall(context: Context, candidates: Candidates): Found | null {
  const all = context.turns.flatMap((turn) => candidates(turn).map((candidate) => ({ ...candidate, turn })));
  const distinct = new Set(all.map((candidate) => String(candidate.value)));
  return distinct.size === 1 ? all[0]! : null;
}

/** Amounts first ("120 euros"), then plain numbers ("three rooms" is not read; "3 rooms" is). */
function numbersIn(text: string) {
  const amounts = extractEntities(text).amounts.map((amount) => ({ value: amount.value, evidence: sentenceWith(text, amount.text) }));
  if (amounts.length) return amounts;
  const masked = extractEntities(text).dates.reduce((rest, date) => rest.replace(date, " "), normaliseText(text));
  return [...masked.matchAll(/(?<![\p{L}\p{N}.,:])(\d{1,3}(?:[.,]\d{3})+|\d+)(?:[.,](\d{1,2}))?(?![\p{N}]|:\d)/gu)].map((match) => ({
    value: Number(`${match[1]!.replace(/[.,]/g, "")}${match[2] ? `.${match[2]}` : ""}`),
    evidence: sentenceWith(text, match[0]),
  }));
}

const YES: Record<AnalysisLanguage, RegExp> = {
  en: /^(?:yes|yeah|yep|yup|sure|correct|right|exactly|absolutely|of course|definitely|that's right|confirmed|i do|i am|i will|it is|okay|ok)\b/i,
  de: /^(?:ja|jawohl|genau|richtig|sicher|klar|gerne|gern|natürlich|auf jeden fall|korrekt|stimmt|bestätigt|passt|okay|ok)(?![\p{L}])/iu,
};
const NO: Record<AnalysisLanguage, RegExp> = {
  en: /^(?:no|nope|nah|not really|not yet|never|i don't|i do not|i'm not|i am not|i won't|negative)\b/i,
  de: /^(?:nein|nee|noch nicht|nicht wirklich|leider nicht|auf keinen fall|keineswegs|eher nicht)(?![\p{L}])/iu,
};

/** How a reply starts: yes, no, or neither (a question back, a change of subject). */
export function yesOrNo(reply: string, language: AnalysisLanguage): boolean | null {
  const start = normaliseText(reply).replace(/^[^\p{L}]+/u, "");
  for (const lang of [language, language === "en" ? "de" : "en"] as const) {
    if (NO[lang].test(start)) return false;
    if (YES[lang].test(start)) return true;
  }
  return null;
}

const isQuestion = (text: string) => text.trim().endsWith("?");

/**
 * The words that point at a field: its name's and description's words
 * without function words, cut to a stem (two letters short, four to six
 * long) so "confirm", "confirmed" and "confirmation", "renew" and
 * "renewal", "Termin" and "Termins" all match.
 */
export function keywordsOf(field: Pick<TemplateField, "name" | "description">): string[] {
  const stop = new Set([...STOP_WORDS.en, ...STOP_WORDS.de]);
  const words = tokens(field.name).filter((word) => word.length >= 3 && !stop.has(word));
  // The description helps only when the name alone says nothing usable ("Q1").
  const source = words.length ? words : tokens(field.description).filter((word) => word.length >= 4 && !stop.has(word));
  return [...new Set(source.map((word) => word.slice(0, Math.max(4, Math.min(6, word.length - 2)))))];
}

function keywordMatch(text: string, keywords: string[]) {
  const normalised = normaliseText(text);
  for (const keyword of keywords) {
    const match = new RegExp(`(?<![\\p{L}\\p{N}])${escape(keyword)}`, "iu").exec(normalised);
    if (match) return { index: match.index, text: match[0] };
  }
  return null;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const wordRegExp = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(word.trim())}(?![\\p{L}\\p{N}])`, "iu");

function sentenceWith(text: string, part: string) {
  return splitSentences(text).find((sentence) => sentence.toLowerCase().includes(part.toLowerCase())) ?? text;
}

const clip = (text: string, length = 240) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);
