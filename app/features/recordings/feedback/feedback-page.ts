import type { SubmissionResult } from "@conform-to/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";

/**
 * What the feedback page's loader and action answer. The list's and the
 * detail page's dialog (feedback-dialog.tsx) read the same loader and post
 * to the same action, so the shape is named here, where both sides import
 * it, rather than taken from the route module (features never import routes).
 */
export interface FeedbackPageData {
  title: string;
  callId: string;
  summaryLine: string;
  feedback: { rating: number; text: string | null; moment: number | null } | null;
  /** The timed turns of the transcript, for "which moment is it about?" (none: the question is not asked). */
  moments: FeedbackMoment[];
  returnTo: string;
  constraint: FormConstraint;
}

export interface FeedbackActionData {
  result: SubmissionResult<string[]>;
}

/** A transcript turn the feedback may be about: its start, its speaker and the beginning of what was said. */
export interface FeedbackMoment {
  seconds: number;
  speaker: string;
  excerpt: string;
}
