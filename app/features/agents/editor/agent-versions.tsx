import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { EmptyState } from "~/components/ui/empty-state";
import { Panel } from "~/components/ui/panel";
import { formatDateTime } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { FieldChange } from "./version-diff";

export interface AgentVersionsData {
  items: Array<{ version: number; publishedAt: string; publishedBy: string | null }>;
  comparison: { from: string; to: string; changes: FieldChange[] | null } | null;
}

/**
 * The version history (docs/product/agents.md#versions): every published
 * version with who published it, restore as a new draft, and a comparison of
 * any two (or of the draft) chosen with a GET form, so a diff is a URL.
 */
export function AgentVersions({ agentId, data, timeZone, canUpdate }: { agentId: string; data: AgentVersionsData; timeZone: string; canUpdate: boolean }) {
  const { t, i18n } = useTranslation("agents");
  if (data.items.length === 0) return <EmptyState title={t("versions.emptyTitle")}>{t("versions.emptyBody")}</EmptyState>;
  const points = [
    { value: "draft", label: t("versions.draft") },
    ...data.items.map((item) => ({ value: String(item.version), label: t("list.version", { version: item.version }) })),
  ];
  return (
    <div className="space-y-4">
      <Panel title={t("versions.history")}>
        <ol className="divide-y divide-slate-200 dark:divide-slate-800">
          {data.items.map((item) => (
            <li key={item.version} className="flex flex-wrap items-center justify-between gap-2 py-2" data-version={item.version}>
              <span className="text-sm">
                <span className="font-medium">{t("list.version", { version: item.version })}</span>{" "}
                <span className="text-slate-600 dark:text-slate-300">
                  {t("versions.publishedAt", {
                    when: formatDateTime(item.publishedAt, i18n.language, timeZone),
                    who: item.publishedBy ?? t("versions.unknownUser"),
                  })}
                </span>
              </span>
              {canUpdate ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="version" value={item.version} />
                  <Button type="submit" variant="secondary" size="sm" aria-label={t("versions.restoreLabel", { version: item.version })}>
                    {t("versions.restore")}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ol>
      </Panel>
      <Panel title={t("versions.compare")}>
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="id" value={agentId} />
          <input type="hidden" name="tab" value="versions" />
          <div className="w-40">
            <SelectField label={t("versions.from")} selectProps={{ name: "from", id: "compare-from", defaultValue: data.comparison?.from }} options={points} />
          </div>
          <div className="w-40">
            <SelectField label={t("versions.to")} selectProps={{ name: "to", id: "compare-to", defaultValue: data.comparison?.to }} options={points} />
          </div>
          <Button type="submit" variant="secondary">
            {t("versions.show")}
          </Button>
        </Form>
        <div className="mt-4" data-testid="version-diff">
          {!data.comparison?.changes ? (
            <p className="text-sm">{t("versions.unknownPoint")}</p>
          ) : data.comparison.changes.length === 0 ? (
            <p className="text-sm">{t("versions.same")}</p>
          ) : (
            <ul className="space-y-3">
              {data.comparison.changes.map((change) => (
                <li key={`${change.tab}.${change.field}`} className="space-y-1">
                  <p className="text-sm font-medium">
                    {t(`tabs.${change.tab}`)} · {t(`diffFields.${change.field}`)}
                  </p>
                  {change.kind === "value" ? (
                    <p className="break-words text-sm">
                      <del className="bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200">{change.before || t("versions.empty")}</del>{" "}
                      <span aria-hidden="true">→</span>{" "}
                      <ins className="bg-emerald-50 text-emerald-900 no-underline dark:bg-emerald-950 dark:text-emerald-100">
                        {change.after || t("versions.empty")}
                      </ins>
                    </p>
                  ) : (
                    <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded border border-slate-200 p-2 text-xs dark:border-slate-800">
                      {change.lines.map((line, index) =>
                        line.kind === "added" ? (
                          <ins key={index} className="block bg-emerald-50 text-emerald-900 no-underline dark:bg-emerald-950 dark:text-emerald-100">
                            + {line.text}
                          </ins>
                        ) : line.kind === "removed" ? (
                          <del key={index} className="block bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200">
                            − {line.text}
                          </del>
                        ) : (
                          <span key={index} className="block text-slate-600 dark:text-slate-300">
                            {"  "}
                            {line.text}
                          </span>
                        ),
                      )}
                    </pre>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </Panel>
    </div>
  );
}
