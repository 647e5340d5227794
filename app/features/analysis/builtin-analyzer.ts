import type { TranscriptTurn } from "~/features/calls/derived-columns";
import deLabels from "../../../locales/de/analysis.json";
import enLabels from "../../../locales/en/analysis.json";
import type { AnalysisInput, AnalysisLanguage, AnalysisResult, Outcome, Sentiment, TranscriptAnalyzer } from "./analysis";
import { extractEntities } from "./entities";
import {
  AGENT_SPEAKER,
  APPOINTMENT_BOOKING,
  COMMITMENT_PATTERNS,
  CUSTOMER_SPEAKER,
  INTENSIFIERS,
  NEED_PATTERNS,
  NOT_A_COMMITMENT,
  OUTCOME_RULES,
  SENTIMENT_LEXICON,
  SENTIMENT_PHRASES,
  STOP_WORDS,
  TOPIC_RULES,
} from "./lexicons";
import { affirmedMatches, clauses, negatedAt, negatedBefore, normaliseText, splitSentences, tokens } from "./text";

/**
 * The default analyzer: rules and word lists, no network, no randomness.
 * The same transcript always gives the same result, and every conclusion
 * can be traced to an entry in lexicons.ts.
 */
export const builtinAnalyzer: TranscriptAnalyzer = {
  provider: "builtin",
  analyze: async (input) => analyzeTranscript(input),
};

export function analyzeTranscript({ transcript, summary, language: hint, callStatus }: AnalysisInput): AnalysisResult {
  const turns = withRoles(transcript);
  const language = detectLanguage(transcript, hint);
  const { sentiment, sentimentScore } = scoreSentiment(turns, language);
  const outcome = callStatus === "voicemail" ? "voicemail" : detectOutcome(turns, language);
  const topics = detectTopics(transcript, language);
  return {
    summary: summary?.trim() || generateSummary(turns, language, outcome, topics),
    sentiment,
    sentimentScore,
    outcome,
    topics,
    actionItems: findActionItems(transcript, language),
    entities: extractEntities(transcript.map((turn) => turn.text).join("\n")),
    language,
    provider: "builtin",
  };
}

// ---- Speakers ----

export type SpeakerRole = "customer" | "agent";
export interface RoledTurn extends TranscriptTurn {
  role: SpeakerRole;
}

/**
 * Who is the customer: speakers labelled as such ("customer", "user",
 * "Kunde"…) or as the agent ("agent", "assistant"…). When the labels say
 * nothing (plain names), the first speaker is taken for the agent, who
 * answers or places the call, and everyone else for the customer.
 */
export function withRoles(transcript: TranscriptTurn[]): RoledTurn[] {
  const speakers = [...new Set(transcript.map((turn) => turn.speaker))];
  const byLabel = (speaker: string): SpeakerRole | null => (CUSTOMER_SPEAKER.test(speaker) ? "customer" : AGENT_SPEAKER.test(speaker) ? "agent" : null);
  const labelled = speakers.some((speaker) => byLabel(speaker) !== null);
  const roleOf = (speaker: string): SpeakerRole => {
    if (labelled) return byLabel(speaker) ?? "customer";
    return speakers.length > 1 && speaker === speakers[0] ? "agent" : "customer";
  };
  return transcript.map((turn) => ({ ...turn, role: roleOf(turn.speaker) }));
}

// ---- Language ----

/** English or German by counting each language's function words; a tie goes to the hint, then English. */
export function detectLanguage(transcript: TranscriptTurn[], hint?: AnalysisLanguage): AnalysisLanguage {
  let en = 0;
  let de = 0;
  for (const token of transcript.flatMap((turn) => tokens(turn.text))) {
    if (STOP_WORDS.en.has(token)) en++;
    if (STOP_WORDS.de.has(token)) de++;
  }
  if (de > en) return "de";
  if (en > de) return "en";
  return hint ?? "en";
}

// ---- Sentiment ----

/** The customer's words decide; the agent's (always polite) count a quarter. */
const ROLE_WEIGHT: Record<SpeakerRole, number> = { customer: 1, agent: 0.25 };
/** Keeps one mild word from reading as a strong feeling: a lone "great" scores 0.4, a lone "works" 0.14. */
const SCORE_DAMPING = 3;
export const SENTIMENT_THRESHOLD = 0.25;

/**
 * Sums the lexicon weights of the words (a word before it like "very"
 * strengthens it; a negation like "not" or "nicht" within three words before
 * it turns a pleased word displeased, and a displeased word mildly pleased:
 * "no problem"). The score is that sum over the sum of the weights plus a
 * damping constant, so it lies strictly between -1 and 1.
 */
export function scoreSentiment(turns: RoledTurn[], language: AnalysisLanguage): { sentiment: Sentiment; sentimentScore: number } {
  const lexicon = SENTIMENT_LEXICON[language];
  let sum = 0;
  let magnitude = 0;
  for (const turn of turns) {
    for (const clause of clauses(turn.text)) {
      clause.forEach((token, index) => {
        const entry = lexicon.get(token);
        if (!entry) return;
        let weight = entry.weight;
        if (index > 0 && INTENSIFIERS.has(clause[index - 1]!)) weight *= 1.5;
        const negatedLater = entry.negatedAfter === true && clause.slice(index + 1, index + 4).some((next) => next === "nicht" || next === "nie");
        if (negatedAt(clause, index) || negatedLater) weight = weight > 0 ? -weight : -weight / 2;
        sum += weight * ROLE_WEIGHT[turn.role];
        magnitude += Math.abs(weight) * ROLE_WEIGHT[turn.role];
      });
    }
    for (const { pattern, weight } of SENTIMENT_PHRASES[language]) {
      const mentions = normaliseText(turn.text).match(pattern)?.length ?? 0;
      sum += mentions * weight * ROLE_WEIGHT[turn.role];
      magnitude += mentions * Math.abs(weight) * ROLE_WEIGHT[turn.role];
    }
  }
  const sentimentScore = Math.round((sum / (magnitude + SCORE_DAMPING)) * 100) / 100 || 0;
  const sentiment: Sentiment = sentimentScore >= SENTIMENT_THRESHOLD ? "positive" : sentimentScore <= -SENTIMENT_THRESHOLD ? "negative" : "neutral";
  return { sentiment, sentimentScore };
}

// ---- Outcome, topics, action items ----

const sentencesOf = (transcript: TranscriptTurn[]) => transcript.flatMap((turn) => splitSentences(turn.text));
const found = (text: string, pattern: RegExp) => text.search(pattern) >= 0;

/** The first rule (voicemail, escalated, appointment booked, not interested, callback, resolved) that the transcript affirms. */
export function detectOutcome(turns: RoledTurn[], language: AnalysisLanguage): Outcome {
  const sentences = sentencesOf(turns);
  for (const rule of OUTCOME_RULES) {
    const affirmed = sentences.some((sentence) => affirmedMatches(sentence, rule.patterns[language], { negatable: rule.negatable }).length > 0);
    if (affirmed || (rule.outcome === "appointment-booked" && booksAppointment(turns, language))) return rule.outcome;
  }
  return "unresolved";
}

/** See APPOINTMENT_BOOKING: a confirmed booking near an appointment word, or an offered slot the customer accepts. */
function booksAppointment(turns: RoledTurn[], language: AnalysisLanguage) {
  const { noun, confirm, cancel, accept, notABooking } = APPOINTMENT_BOOKING[language];
  const confirmed = turns.some((turn, index) => {
    const nearby = turns.slice(Math.max(0, index - 2), index + 1).some((near) => found(near.text, noun));
    return (
      nearby &&
      splitSentences(turn.text).some(
        (sentence) => !found(sentence, cancel) && [...sentence.matchAll(confirm)].some((match) => !negatedBefore(sentence, match.index)),
      )
    );
  });
  if (confirmed) return true;
  if (!turns.some((turn) => found(turn.text, noun))) return false;
  return turns.some((offer, index) => {
    const reply = turns[index + 1];
    if (offer.role !== "agent" || reply?.role !== "customer" || found(offer.text, notABooking) || found(offer.text, cancel)) return false;
    const firstReply = splitSentences(reply.text)[0] ?? "";
    return extractEntities(offer.text).dates.length > 0 && found(firstReply, accept) && !negatedBefore(firstReply, firstReply.search(accept));
  });
}

/** Topic keys by how often they come up (ties in the order of TOPIC_RULES), at most five. */
export function detectTopics(transcript: TranscriptTurn[], language: AnalysisLanguage, limit = 5): string[] {
  const text = transcript.map((turn) => turn.text).join("\n");
  return TOPIC_RULES.map((rule, order) => ({
    key: rule.key,
    order,
    count: rule.patterns[language].reduce((total, pattern) => total + [...text.matchAll(pattern)].length, 0),
  }))
    .filter((topic) => topic.count > 0)
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .slice(0, limit)
    .map((topic) => topic.key);
}

/** Sentences in which someone commits to a next step ("I will send…", "wir rufen Sie zurück"), each once, at most eight. */
export function findActionItems(transcript: TranscriptTurn[], language: AnalysisLanguage, limit = 8): string[] {
  const items = sentencesOf(transcript).filter(
    (sentence) =>
      affirmedMatches(sentence, COMMITMENT_PATTERNS[language]).length > 0 && !NOT_A_COMMITMENT[language].some((pattern) => found(sentence, pattern)),
  );
  return [...new Set(items.map((item) => clip(item, 200)))].slice(0, limit);
}

// ---- Summary ----

const LABELS = { en: enLabels, de: deLabels } as const;

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");

function clip(text: string, length: number) {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

/**
 * The first thing the customer asked for: their first sentence that states a
 * need ("I'd like…", "mein Internet geht nicht"). Null when they never say
 * one, as in most outbound calls; the summary then names the topics instead
 * of quoting a sentence that is no request.
 */
export function firstCustomerNeed(turns: RoledTurn[], language: AnalysisLanguage): string | null {
  const sentences = turns.filter((turn) => turn.role === "customer").flatMap((turn) => splitSentences(turn.text));
  const need = sentences.find((sentence) => NEED_PATTERNS[language].some((pattern) => found(sentence, pattern)));
  return need ? clip(withoutGreeting(need).replace(/[.!?]+$/, ""), 160) : null;
}

const GREETING =
  /^(?:hi|hello|hey|yes|yeah|yep|ok|okay|well|so|um|uh|hallo|guten (?:tag|morgen|abend)|moin|servus|ja|nein|also|äh|ähm|na ja)(?![\p{L}])[,.!]?\s*/iu;

/** "Hi, I'm calling because…" is quoted from "I'm calling…". */
function withoutGreeting(sentence: string) {
  let rest = sentence;
  for (let match = rest.match(GREETING); match && match[0].length < rest.length; match = rest.match(GREETING)) rest = rest.slice(match[0].length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** A sentence or two in the transcript's language: the customer's first need and the outcome, from the analysis namespace's templates. */
export function generateSummary(turns: RoledTurn[], language: AnalysisLanguage, outcome: Outcome, topics: string[]) {
  const labels = LABELS[language];
  const outcomeLabel = labels.outcomes[outcome];
  const need = firstCustomerNeed(turns, language);
  if (need) return fill(labels.generated.needAndOutcome, { need, outcome: outcomeLabel });
  if (topics.length > 0) {
    const topicLabels = topics.map((topic) => (labels.topics as Record<string, string>)[topic] ?? topic);
    return fill(labels.generated.topicsAndOutcome, { topics: topicLabels.join(", "), outcome: outcomeLabel });
  }
  return fill(labels.generated.outcomeOnly, { outcome: outcomeLabel });
}
