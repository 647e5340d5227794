import { Link } from "@remix-run/react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Panel } from "~/components/ui/panel";
import { formatDateTime } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { clockOf, showFieldValue } from "./field-values";
import type { CriterionResult, FieldResult, TemplateDefinition, Verdict } from "./template-definition";

export interface CallTemplateResultView {
  templateId: string;
  templateName: string;
  version: number;
  currentVersion: number;
  provider: string;
  summary: string | null;
  analyzedAt: string;
  definition: TemplateDefinition;
  fields: FieldResult[];
  criteria: CriterionResult[];
}

const VERDICT_TONES: Record<Verdict, BadgeTone> = { met: "success", "not-met": "danger", unknown: "neutral" };

/**
 * A call's post-call template result on its recording page: each field with
 * the label of the version that found it (a later edit does not relabel an
 * old call), where it was said (a link that plays from there), and each
 * criterion's verdict with its reason.
 */
export function CallTemplatePanel({ result, recordingPath, timeZone }: { result: CallTemplateResultView | null; recordingPath: string; timeZone: string }) {
  const { t, i18n } = useTranslation("post-call");
  if (!result) return null;
  const reasonOf = (reason: string) => (reason.startsWith("builtin.") ? t(`reasons.${reason.slice("builtin.".length)}`) : reason);
  return (
    <Panel
      title={t("call.title", { name: result.templateName })}
      actions={
        <Link to={`/templates/${result.templateId}`} className="text-sm underline">
          {t("call.openTemplate")}
        </Link>
      }
    >
      <div className="space-y-4" data-testid="call-template-result">
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t("call.meta", {
            version: result.version,
            when: formatDateTime(result.analyzedAt, i18n.language, timeZone),
            analyzer: t(`analyzerNames.${result.provider === "builtin" ? "builtin" : "model"}`),
          })}
          {result.version !== result.currentVersion ? ` ${t("call.olderVersion", { current: result.currentVersion })}` : null}
        </p>
        {result.summary ? <p className="text-sm">{result.summary}</p> : null}
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {result.definition.fields.map((field) => {
            const found = result.fields.find((value) => value.key === field.key);
            return (
              <div key={field.key} className="min-w-0" data-testid={`template-field-${field.key}`}>
                <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">
                  {field.name}
                  {field.required && !found?.found ? <span className="ml-1 text-amber-700 dark:text-amber-300">({t("call.requiredMissing")})</span> : null}
                </dt>
                <dd className="break-words text-sm">
                  <span className={found?.found ? "font-medium" : "text-slate-500 dark:text-slate-400"}>
                    {showFieldValue(found?.value ?? null, found?.found ?? false, i18n.language, t)}
                  </span>
                  {found?.found && found.atSeconds !== null ? (
                    <Link
                      to={`${recordingPath}?t=${Math.floor(found.atSeconds)}`}
                      className="ml-2 text-xs underline"
                      aria-label={t("call.playFromLabel", { time: clockOf(found.atSeconds), field: field.name })}
                    >
                      {clockOf(found.atSeconds)}
                    </Link>
                  ) : null}
                  {found?.found && found.evidence ? <span className="block text-xs italic text-slate-500 dark:text-slate-400">“{found.evidence}”</span> : null}
                </dd>
              </div>
            );
          })}
        </dl>
        {result.definition.criteria.length ? (
          <div className="space-y-2">
            <h3 className="text-sm font-semibold">{t("call.criteria")}</h3>
            <ul className="space-y-2">
              {result.definition.criteria.map((criterion) => {
                const verdict = result.criteria.find((value) => value.key === criterion.key);
                return (
                  <li key={criterion.key} className="text-sm" data-testid={`template-criterion-${criterion.key}`}>
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{criterion.name}</span>
                      <Badge tone={VERDICT_TONES[verdict?.verdict ?? "unknown"]}>{t(`verdicts.${verdict?.verdict ?? "unknown"}`)}</Badge>
                    </span>
                    {verdict?.reason ? <span className="block text-xs text-slate-600 dark:text-slate-300">{reasonOf(verdict.reason)}</span> : null}
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
