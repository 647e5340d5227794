import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { CancelAction, type FormFetcher } from "~/components/ui/confirm-action";
import { inputClass } from "~/components/ui/field";
import { cn } from "~/components/ui/cn";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainCollectionProps, plainFormProps, plainSelectProps, plainTextareaProps, usePlainForm } from "~/lib/forms/plain-form";
import { FEEDBACK_RATINGS, MAX_FEEDBACK_TEXT_LENGTH } from "./feedback-rules";
import type { FeedbackFields } from "./feedback-schema";
import type { FeedbackMoment } from "./feedback-page";
import { feedbackAction } from "../recording-paths";
import { formatClock } from "../audio-player";

/**
 * The feedback form, shared by its own page (which works without JavaScript)
 * and the dialog that opens it in place once scripts run. A dialog passes its
 * fetcher, so a failed submission shows its errors in the dialog; a success
 * redirects to `returnTo` either way.
 */
export function FeedbackForm({
  callId,
  returnTo,
  defaultValue,
  lastResult,
  fetcher,
  onCancel,
  submitting,
  constraint,
  moments = [],
}: {
  callId: string;
  returnTo: string;
  defaultValue: { rating: number | null; text: string | null; moment?: number | null } | null;
  lastResult?: SubmissionResult<string[]> | null;
  fetcher?: FormFetcher;
  onCancel?: () => void;
  submitting?: boolean;
  /** The form's HTML constraints, from the feedback page's loader. */
  constraint: FormConstraint;
  /** The transcript's timed turns: the feedback may name one as the moment it is about. */
  moments?: FeedbackMoment[];
}) {
  const { t } = useTranslation("recording");
  const FormTag = fetcher ? fetcher.Form : Form;
  const busy = submitting ?? fetcher?.state === "submitting";
  const [form, fields] = usePlainForm<FeedbackFields>({
    id: `feedback-${callId}`,
    lastResult,
    defaultValue: {
      rating: defaultValue?.rating ? String(defaultValue.rating) : undefined,
      text: defaultValue?.text ?? "",
      moment: defaultValue?.moment == null ? "" : String(defaultValue.moment),
    },
    constraint,
  });
  const ratingInvalid = Boolean(fields.rating.errors?.length);
  const textInvalid = Boolean(fields.text.errors?.length);
  const momentInvalid = Boolean(fields.moment.errors?.length);
  const chosenMoment = typeof fields.moment.initialValue === "string" ? fields.moment.initialValue : "";
  // A moment stored earlier that is no turn's start (the transcript changed) stays choosable, so saving keeps it.
  const momentOptions =
    chosenMoment && !moments.some((moment) => String(moment.seconds) === chosenMoment)
      ? [{ seconds: Number(chosenMoment), speaker: "", excerpt: "" }, ...moments]
      : moments;
  return (
    <FormTag method="post" action={feedbackAction(callId)} {...plainFormProps(form)} className="space-y-5">
      <input type="hidden" name="returnTo" value={returnTo} />
      <fieldset aria-describedby={ratingInvalid ? fields.rating.errorId : undefined} aria-required="true" className="space-y-2">
        <legend className="text-sm font-medium">{t("feedback.rating")}</legend>
        <div className="flex flex-wrap gap-2">
          {plainCollectionProps(fields.rating, { type: "radio", options: FEEDBACK_RATINGS.map(String) }).map(({ key, ...radio }) => (
            <label
              key={key}
              htmlFor={radio.id}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm hover:bg-slate-50 has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50 dark:border-slate-600 dark:hover:bg-slate-800 dark:has-[:checked]:bg-amber-950"
            >
              <input {...radio} aria-invalid={ratingInvalid || undefined} aria-describedby={ratingInvalid ? fields.rating.errorId : undefined} />
              <span aria-hidden="true" className="text-amber-500">
                {"★".repeat(Number(radio.value))}
              </span>
              <span>{t("feedback.ratingOption", { count: Number(radio.value) })}</span>
            </label>
          ))}
        </div>
        {ratingInvalid ? (
          <ul id={fields.rating.errorId} className="text-sm text-red-600 dark:text-red-400">
            {fields.rating.errors!.map((error) => (
              <li key={error}>{t(error)}</li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={fields.text.id} className="block text-sm font-medium">
          {t("feedback.text")}
        </label>
        <textarea {...plainTextareaProps(fields.text, { ariaDescribedBy: fields.text.descriptionId })} rows={5} className={cn(inputClass, "resize-y")} />
        <p id={fields.text.descriptionId} className="text-xs text-slate-500 dark:text-slate-400">
          {t("feedback.textHint", { max: MAX_FEEDBACK_TEXT_LENGTH })}
        </p>
        {textInvalid ? (
          <ul id={fields.text.errorId} className="text-sm text-red-600 dark:text-red-400">
            {fields.text.errors!.map((error) => (
              <li key={error}>{t(error, { max: MAX_FEEDBACK_TEXT_LENGTH })}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {momentOptions.length > 0 ? (
        <div className="space-y-1">
          <label htmlFor={fields.moment.id} className="block text-sm font-medium">
            {t("feedback.moment")}
          </label>
          <select
            {...plainSelectProps(fields.moment)}
            aria-invalid={momentInvalid || undefined}
            aria-describedby={momentInvalid ? `${fields.moment.descriptionId} ${fields.moment.errorId}` : fields.moment.descriptionId}
            className={cn(inputClass, "max-w-full")}
          >
            <option value="">{t("feedback.momentWhole")}</option>
            {momentOptions.map((moment) => (
              <option key={moment.seconds} value={String(moment.seconds)}>
                {moment.excerpt
                  ? t("feedback.momentOption", {
                      time: formatClock(moment.seconds),
                      speaker: moment.speaker
                        ? t(`transcript.speakers.${moment.speaker.toLowerCase()}`, { defaultValue: moment.speaker })
                        : t("transcript.unknownSpeaker"),
                      text: moment.excerpt,
                    })
                  : formatClock(moment.seconds)}
              </option>
            ))}
          </select>
          <p id={fields.moment.descriptionId} className="text-xs text-slate-500 dark:text-slate-400">
            {t("feedback.momentHint")}
          </p>
          {momentInvalid ? (
            <ul id={fields.moment.errorId} className="text-sm text-red-600 dark:text-red-400">
              {fields.moment.errors!.map((error) => (
                <li key={error}>{t(error)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? t("feedback.submitting") : t("feedback.submit")}
        </Button>
        <CancelAction href={returnTo} onCancel={onCancel} />
      </div>
    </FormTag>
  );
}
