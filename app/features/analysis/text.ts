/**
 * Small text helpers shared by the built-in analyzer's parts: sentence and
 * clause splitting, word tokens and negation, for English and German.
 */

/** Curly apostrophes and quotes become straight ones so "don’t" and "don't" read the same. */
export function normaliseText(text: string) {
  return text
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d\u201e]/g, '"')
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Sentences end at . ! or ? followed by a space and a capital letter or a
 * quote. A full stop after a digit does not end one, so "am 3. März" and
 * "03.04.2026" stay whole.
 */
export function splitSentences(text: string): string[] {
  return normaliseText(text)
    .split(/(?<=(?:[^\d\s][.!?]|[!?]))\s+(?=[\p{Lu}"'])/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Lower-case word tokens; apostrophes stay inside words ("don't", "i'll"). */
export function tokens(text: string): string[] {
  return (
    normaliseText(text)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu) ?? []
  );
}

/** Words that end a negation's reach: "not cheap, but good" does not negate "good". */
const CLAUSE_BREAKS = new Set(["but", "however", "although", "though", "aber", "sondern", "jedoch", "obwohl", "trotzdem"]);

/** Clauses split at punctuation and at contrast words, each as lower-case tokens. */
export function clauses(text: string): string[][] {
  const result: string[][] = [];
  for (const part of normaliseText(text).split(/[,;:.!?()\u2013\u2014]+|\s-\s/)) {
    let current: string[] = [];
    for (const token of tokens(part)) {
      if (CLAUSE_BREAKS.has(token)) {
        if (current.length) result.push(current);
        current = [];
      } else {
        current.push(token);
      }
    }
    if (current.length) result.push(current);
  }
  return result;
}

const NEGATORS = new Set([
  "not",
  "no",
  "never",
  "cannot",
  "without",
  "hardly",
  "barely",
  "neither",
  "nor",
  "nothing",
  "nicht",
  "kein",
  "keine",
  "keinen",
  "keinem",
  "keiner",
  "keines",
  "nie",
  "niemals",
  "ohne",
  "weder",
  "kaum",
  "nichts",
]);

export function isNegator(token: string) {
  return NEGATORS.has(token) || token.endsWith("n't");
}

/** How many words before a word a negation still reaches ("not very happy", "gar nicht so zufrieden"). */
export const NEGATION_REACH = 3;

/** True when one of the few words before `index` in a clause negates it. */
export function negatedAt(clause: string[], index: number) {
  for (let i = Math.max(0, index - NEGATION_REACH); i < index; i++) if (isNegator(clause[i]!)) return true;
  return false;
}

/**
 * True when a match that starts at `offset` in `text` is negated by a word
 * shortly before it in the same clause ("isn't resolved", "nicht gelöst").
 */
export function negatedBefore(text: string, offset: number) {
  const before = text.slice(0, offset);
  const clauseStart = Math.max(...[",", ";", ":", ".", "!", "?"].map((mark) => before.lastIndexOf(mark)));
  const words = tokens(before.slice(clauseStart + 1));
  let breakAt = -1;
  words.forEach((word, i) => {
    if (CLAUSE_BREAKS.has(word)) breakAt = i;
  });
  const reach = words.slice(breakAt + 1).slice(-NEGATION_REACH);
  return reach.some(isNegator);
}

/**
 * A case-insensitive pattern that matches whole words only. JavaScript's \b
 * knows no umlauts, so letters and digits around the match are checked with
 * Unicode classes instead. With `infix` the pattern may sit inside a longer
 * word, for German compounds: "rechnung" finds "Stromrechnung", "kündig"
 * finds "gekündigt".
 */
export function wordPattern(source: string, { infix = false }: { infix?: boolean } = {}) {
  return infix ? new RegExp(source, "giu") : new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, "giu");
}

/** Every non-negated match of any pattern in the text, in order of appearance. */
export function affirmedMatches(text: string, patterns: RegExp[], { negatable = true } = {}) {
  const found: Array<{ index: number; text: string }> = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      if (negatable && negatedBefore(text, match.index)) continue;
      found.push({ index: match.index, text: match[0] });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}
