import { detectLanguage, scoreSentiment, withRoles } from "~/features/analysis/builtin-analyzer";
import type { TranscriptTurn } from "~/features/calls/derived-columns";

/**
 * The moment of a call a rating most likely refers to, when its giver did
 * not name one (docs/decisions/0033-post-call-feedback.md): a customer rates
 * what pleased or annoyed them, so for a low rating (1–2) it is the start of
 * the customer's most displeased turn, for a high one (4–5) of their most
 * pleased turn, scored by the built-in analyzer's word lists (the same rules
 * that give calls their sentiment). A middling rating, or one whose feeling
 * no turn shows, refers to how the call ended: the customer's last turn.
 * Only timed turns count (a moment needs a start); without one there is no
 * moment and the link opens the call at its beginning.
 *
 * Deterministic and cheap: it runs for the rows of a /feedback page only.
 */
export function likelyMoment(transcript: TranscriptTurn[], rating: number): number | null {
  const timed = withRoles(transcript).filter((turn) => turn.startSeconds !== undefined);
  const customer = timed.filter((turn) => turn.role === "customer");
  const candidates = customer.length > 0 ? customer : timed;
  if (candidates.length === 0) return null;
  const language = detectLanguage(transcript);
  const direction = rating <= 2 ? -1 : rating >= 4 ? 1 : 0;
  if (direction !== 0) {
    let best: { seconds: number; score: number } | null = null;
    for (const turn of candidates) {
      // The score's sign says which way the turn leans; the earliest of equally strong turns wins.
      const score = scoreSentiment([turn], language).sentimentScore * direction;
      if (score > 0 && (!best || score > best.score)) best = { seconds: turn.startSeconds!, score };
    }
    if (best) return best.seconds;
  }
  return candidates[candidates.length - 1]!.startSeconds!;
}
