import { Form } from "@remix-run/react";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Panel } from "~/components/ui/panel";
import { shownPhone, type PhoneDisplays } from "~/features/phone/display";
import { formatDateTime, formatMoney, formatNumber } from "~/i18n/format";
import type { AnalysisAmount, AnalysisResult, Sentiment } from "./analysis";

export type AnalysisPanelStatus = "none" | "done" | "failed";

export interface AnalysisPanelProps {
  /** The stored analysis (parseStoredAnalysis), or null when there is none. */
  analysis: AnalysisResult | null;
  status: AnalysisPanelStatus;
  callId: string;
  /** Where the action sends the user back to, with the toast. */
  returnTo: string;
  /** Whether the user may request an analysis ("update" on recordings). */
  canAnalyze: boolean;
  analyzedAt?: string | null;
  timeZone?: string;
  /** The mentioned phone numbers as shown, formatted by the server (app/features/phone/display.ts). */
  phones?: PhoneDisplays;
}

/**
 * The analysis of one call: summary, sentiment, outcome, topics, action items
 * and what was mentioned, with the provider that made it. The button is a
 * plain form post, so requesting an analysis works without JavaScript; with
 * it, the button says it is working while the request runs.
 */
export function AnalysisPanel({ analysis, status, callId, returnTo, canAnalyze, analyzedAt, timeZone, phones = {} }: AnalysisPanelProps) {
  const { t, i18n } = useTranslation("analysis");
  const action = `/recordings/${encodeURIComponent(callId)}/analysis`;
  const pending = useIsPending({ formAction: action });
  const button = canAnalyze ? (
    <Form method="post" action={action}>
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? t("actions.pending") : analysis ? t("actions.again") : t("actions.request")}
      </Button>
    </Form>
  ) : null;

  return (
    <Panel title={t("title")} actions={button}>
      <div className="space-y-4" data-testid="analysis-panel">
        {status === "failed" ? (
          <p
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
            data-testid="analysis-failed"
          >
            {analysis ? t("status.failedKeptPrevious") : t("status.failed")}
          </p>
        ) : null}
        {analysis ? (
          <AnalysisDetails analysis={analysis} language={i18n.language} analyzedAt={analyzedAt ?? null} timeZone={timeZone} phones={phones} />
        ) : status !== "failed" ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("status.none")}</p>
        ) : null}
      </div>
    </Panel>
  );
}

function AnalysisDetails({
  analysis,
  language,
  analyzedAt,
  timeZone,
  phones,
}: {
  analysis: AnalysisResult;
  language: string;
  analyzedAt: string | null;
  timeZone?: string;
  phones: PhoneDisplays;
}) {
  const { t } = useTranslation("analysis");
  const { entities } = analysis;
  const hasEntities = entities.emails.length + entities.phoneNumbers.length + entities.dates.length + entities.amounts.length > 0;
  return (
    <>
      <section aria-labelledby="analysis-summary">
        <h3 id="analysis-summary" className="text-sm font-semibold">
          {t("fields.summary")}
        </h3>
        <p className="mt-1 whitespace-pre-line">{analysis.summary}</p>
      </section>

      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
        <Row label={t("fields.sentiment")}>
          <SentimentBadge sentiment={analysis.sentiment} />
        </Row>
        <Row label={t("fields.sentimentScore")}>{formatNumber(analysis.sentimentScore, language)}</Row>
        <Row label={t("fields.outcome")}>
          <span data-testid="analysis-outcome">{t(`outcomes.${analysis.outcome}`)}</span>
        </Row>
        <Row label={t("fields.language")}>{t(`languages.${analysis.language}`)}</Row>
        <Row label={t("fields.topics")}>
          {analysis.topics.length > 0 ? (
            <ul className="flex flex-wrap gap-2" data-testid="analysis-topics">
              {analysis.topics.map((topic) => (
                <li key={topic} className="rounded-full border border-slate-300 px-2 py-0.5 dark:border-slate-600">
                  {t(`topics.${topic}`, { defaultValue: topic })}
                </li>
              ))}
            </ul>
          ) : (
            <Muted>{t("empty.topics")}</Muted>
          )}
        </Row>
        <Row label={t("fields.actionItems")}>
          {analysis.actionItems.length > 0 ? (
            <ul className="list-disc space-y-1 pl-5" data-testid="analysis-action-items">
              {analysis.actionItems.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : (
            <Muted>{t("empty.actionItems")}</Muted>
          )}
        </Row>
      </dl>

      <section aria-labelledby="analysis-entities">
        <h3 id="analysis-entities" className="text-sm font-semibold">
          {t("fields.entities")}
        </h3>
        {hasEntities ? (
          <dl className="mt-1 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]" data-testid="analysis-entities">
            <EntityRow
              label={t("fields.emails")}
              values={entities.emails}
              render={(email) => (
                <a href={`mailto:${email}`} className="underline">
                  {email}
                </a>
              )}
            />
            <EntityRow
              label={t("fields.phoneNumbers")}
              values={entities.phoneNumbers}
              render={(phone) =>
                phone.startsWith("+") ? (
                  <a href={`tel:${phone}`} className="underline">
                    {shownPhone(phones, phone)}
                  </a>
                ) : (
                  phone
                )
              }
            />
            <EntityRow label={t("fields.dates")} values={entities.dates} render={(date) => date} />
            <EntityRow
              label={t("fields.amounts")}
              values={entities.amounts}
              render={(amount) => <span title={amount.text}>{formatAmount(amount, language)}</span>}
            />
          </dl>
        ) : (
          <Muted>{t("empty.entities")}</Muted>
        )}
      </section>

      <p className="text-xs text-slate-600 dark:text-slate-300" data-testid="analysis-provider">
        {analysis.provider === "builtin" ? t("provider.builtin") : analysis.model ? t("provider.model", { model: analysis.model }) : t("provider.modelUnknown")}
        {analyzedAt ? (
          <>
            {" "}
            {t("fields.analyzedAt")} <time dateTime={analyzedAt}>{formatDateTime(analyzedAt, language, timeZone)}</time>
          </>
        ) : null}
      </p>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function EntityRow<T>({ label, values, render }: { label: string; values: T[]; render: (value: T) => ReactNode }) {
  if (values.length === 0) return null;
  return (
    <Row label={label}>
      <ul className="space-y-0.5">
        {values.map((value, index) => (
          <li key={index}>{render(value)}</li>
        ))}
      </ul>
    </Row>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600 dark:text-slate-300">{children}</p>;
}

/** In the reader's number format; a currency the browser does not know (a model may say "euros") falls back to the words as spoken. */
function formatAmount(amount: AnalysisAmount, language: string) {
  if (!amount.currency) return formatNumber(amount.value, language);
  try {
    return formatMoney(Math.round(amount.value * 100), amount.currency, language);
  } catch {
    return amount.text;
  }
}

const SENTIMENT_STYLES: Record<Sentiment, string> = {
  positive: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100",
  neutral: "border-slate-300 bg-slate-50 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100",
  negative: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
};

/** The analysed sentiment as a word (colour only supports it), for the detail page and the list. */
export function SentimentBadge({ sentiment }: { sentiment: Sentiment | null }) {
  const { t } = useTranslation("analysis");
  if (!sentiment) return <span className="text-sm text-slate-600 dark:text-slate-300">{t("sentiment.none")}</span>;
  return (
    <span
      className={cn("inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium", SENTIMENT_STYLES[sentiment])}
      data-sentiment={sentiment}
    >
      {t(`sentiment.${sentiment}`)}
    </span>
  );
}
