import { Form } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { inputClass } from "~/components/ui/field";
import { FEEDBACK_RATINGS, MAX_FEEDBACK_TEXT_LENGTH } from "~/features/recordings/feedback/feedback-rules";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainCollectionProps, plainFormProps, plainTextareaProps, usePlainForm, type PlainReply } from "~/lib/forms/plain-form";
import { FEEDBACK_LINK_LIFETIME_DAYS, type RatingLinkState } from "./rating-rules";

/**
 * The public rating page of an emailed link (docs/product/feedback.md#rating-link):
 * no account, no script needed. An open link shows who asks and for which
 * call, a 1–5 rating as a group of radio buttons and optional text; a used,
 * expired or unknown link says so in words (its status is 410 or 404), and
 * the page after a rating thanks the customer.
 */
export function RatingPage({
  state,
  done,
  business,
  callDate,
  lastResult,
  constraint,
  submitting,
}: {
  state: RatingLinkState;
  /** The rating of this visit went through (the page it redirected to). */
  done: boolean;
  business: string | null;
  callDate: string | null;
  lastResult: PlainReply | null | undefined;
  constraint: FormConstraint;
  submitting: boolean;
}) {
  const { t } = useTranslation("feedback");
  if (state === "used" && done) {
    return (
      <AuthCard title={t("rate.thanks.title")}>
        <p data-testid="rating-thanks">{t("rate.thanks.body", { business })}</p>
      </AuthCard>
    );
  }
  if (state !== "open") {
    return (
      <AuthCard title={t(`rate.${state}.title`)}>
        <p data-testid={`rating-${state}`}>{t(`rate.${state}.body`, { days: FEEDBACK_LINK_LIFETIME_DAYS, business })}</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("rate.title")}>
      <div className="space-y-6">
        <p className="text-sm text-slate-700 dark:text-slate-200">{t("rate.intro", { business, date: callDate })}</p>
        <RatingForm lastResult={lastResult} constraint={constraint} submitting={submitting} />
        <p className="text-xs text-slate-500 dark:text-slate-400">{t("rate.oneTime", { days: FEEDBACK_LINK_LIFETIME_DAYS })}</p>
      </div>
    </AuthCard>
  );
}

function RatingForm({ lastResult, constraint, submitting }: { lastResult: PlainReply | null | undefined; constraint: FormConstraint; submitting: boolean }) {
  const { t } = useTranslation("feedback");
  const [form, fields] = usePlainForm<{ rating: string; text: string }>({ id: "rating", lastResult, constraint });
  const ratingErrors = fields.rating.errors ?? [];
  const textErrors = fields.text.errors ?? [];
  return (
    <Form method="post" {...plainFormProps(form)} className="space-y-5">
      <fieldset aria-describedby={ratingErrors.length ? fields.rating.errorId : undefined} className="space-y-2">
        <legend className="text-sm font-medium">{t("rate.rating")}</legend>
        <div className="grid gap-2">
          {plainCollectionProps(fields.rating, { type: "radio", options: FEEDBACK_RATINGS.map(String) }).map(({ key, ...radio }) => (
            <label
              key={key}
              htmlFor={radio.id}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm hover:bg-slate-50 has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50 dark:border-slate-600 dark:hover:bg-slate-800 dark:has-[:checked]:bg-amber-950"
            >
              <input {...radio} className="h-4 w-4 shrink-0 accent-[rgb(var(--color-primary-button))]" />
              <span aria-hidden="true" className="text-amber-600 dark:text-amber-400">
                {"★".repeat(Number(radio.value))}
              </span>
              <span>{t(`rate.options.${radio.value}`)}</span>
            </label>
          ))}
        </div>
        {ratingErrors.length ? (
          <ul id={fields.rating.errorId} className="text-sm text-red-600 dark:text-red-400">
            {ratingErrors.map((error) => (
              <li key={error}>{t(error)}</li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={fields.text.id} className="block text-sm font-medium">
          {t("rate.text")}
        </label>
        <textarea {...plainTextareaProps(fields.text, { ariaDescribedBy: fields.text.descriptionId })} rows={4} className={cn(inputClass, "resize-y")} />
        <p id={fields.text.descriptionId} className="text-xs text-slate-500 dark:text-slate-400">
          {t("rate.textHint", { max: MAX_FEEDBACK_TEXT_LENGTH })}
        </p>
        {textErrors.length ? (
          <ul id={fields.text.errorId} className="text-sm text-red-600 dark:text-red-400">
            {textErrors.map((error) => (
              <li key={error}>{t(error, { max: MAX_FEEDBACK_TEXT_LENGTH })}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <Button type="submit" disabled={submitting} className="w-full">
        {submitting ? t("rate.submitting") : t("rate.submit")}
      </Button>
    </Form>
  );
}
