import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { FormErrors, TextField } from "~/components/ui/field";
import { Notice, Panel } from "~/components/ui/panel";
import { dateTimeFormat, formatDate } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import type { OverrideFields } from "./staff-schemas";
import { OVERRIDE_PREFIX } from "./working-hours-fields";
import { rangeFields, RangesFieldset, type StaffReply } from "./working-hours-form";

export interface OverrideRow {
  id: string;
  date: string;
  hours: string;
}

export function OverridesPanel({
  overrides,
  reply,
  constraint,
  canEdit,
  today,
}: {
  overrides: OverrideRow[];
  reply: StaffReply | undefined;
  constraint: FormConstraint;
  canEdit: boolean;
  today: string;
}) {
  const { t, i18n } = useTranslation("scheduling");
  const [form, fields] = usePlainForm<OverrideFields>({
    id: "add-override",
    lastResult: reply?.intent === "add-override" ? reply.result : undefined,
    constraint,
  });
  const overrideRanges = rangeFields(fields, OVERRIDE_PREFIX);
  const columns: Array<DataColumn<OverrideRow>> = [
    {
      id: "date",
      header: t("staff.overrideDate"),
      primary: true,
      rowHeader: true,
      cell: (row) =>
        dateTimeFormat(i18n.language, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
          new Date(`${row.date}T12:00:00Z`),
        ),
    },
    {
      id: "hours",
      header: t("staff.overrideHours"),
      cell: (row) => row.hours || <span className="font-medium text-amber-700 dark:text-amber-300">{t("staff.dayOff")}</span>,
    },
  ];
  return (
    <Panel title={t("staff.overridesTitle")}>
      <div className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("staff.overridesIntro")}</p>
        {overrides.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("staff.noOverrides")}</p>
        ) : (
          <DataTable
            caption={t("staff.overridesTitle")}
            columns={columns}
            rows={overrides}
            rowKey={(row) => row.id}
            actions={
              canEdit
                ? {
                    header: t("staff.actions"),
                    cell: (row) => (
                      <Form method="post" className="flex justify-end">
                        <input type="hidden" name="intent" value="remove-override" />
                        <input type="hidden" name="overrideId" value={row.id} />
                        <Button type="submit" variant="secondary" size="sm" aria-label={t("staff.removeOverrideLabel", { date: row.date })}>
                          {t("staff.removeOverride")}
                        </Button>
                      </Form>
                    ),
                  }
                : undefined
            }
            data-testid="overrides-table"
          />
        )}
        {canEdit ? (
          <Form method="post" className="space-y-3" {...plainFormProps(form)}>
            <input type="hidden" name="intent" value="add-override" />
            <FormErrors errors={form.errors} namespace="scheduling" />
            <div className="sm:max-w-[12rem]">
              <TextField
                label={t("staff.overrideDate")}
                errors={fields.date.errors}
                namespace="scheduling"
                inputProps={{ ...plainInputProps(fields.date, { type: "date" }), min: today }}
              />
            </div>
            <RangesFieldset
              key={overrideRanges.key}
              testId="override-hours"
              legend={t("staff.overrideHours")}
              labelPrefix=""
              worksLabel={t("staff.overrideWorks")}
              whichDay={t("staff.onThatDate")}
              removeLabel={(number) => t("staff.removeOverrideRangeLabel", { number })}
              works={overrideRanges.works}
              pairs={overrideRanges.pairs}
              canEdit
            />
            <p className="text-xs text-slate-500 dark:text-slate-400">{t("staff.overrideHoursHint")}</p>
            <Button type="submit" variant="secondary">
              {t("staff.addOverride")}
            </Button>
          </Form>
        ) : null}
      </div>
    </Panel>
  );
}

export function CalendarFeedPanel({
  live,
  createdAt,
  newUrl,
  canEdit,
  timeZone,
}: {
  live: boolean;
  createdAt: string | null;
  newUrl: string | undefined;
  canEdit: boolean;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("scheduling");
  return (
    <Panel title={t("staff.feedTitle")}>
      <div className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("staff.feedIntro")}</p>
        {newUrl ? (
          <div className="space-y-2" data-testid="feed-url">
            <Notice>{t("staff.feedShownOnce")}</Notice>
            <label className="block text-sm font-medium" htmlFor="feed-url">
              {t("staff.feedUrl")}
            </label>
            <input
              id="feed-url"
              readOnly
              value={newUrl}
              className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs dark:border-slate-600 dark:bg-slate-800"
            />
          </div>
        ) : live && createdAt ? (
          <p className="text-sm">{t("staff.feedLive", { date: formatDate(createdAt, i18n.language, timeZone) })}</p>
        ) : (
          <p className="text-sm">{t("staff.feedNone")}</p>
        )}
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="issue-feed" />
              <Button type="submit" variant="secondary">
                {live ? t("staff.feedReplace") : t("staff.feedCreate")}
              </Button>
            </Form>
            {live ? (
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-feed" />
                <Button type="submit" variant="secondary" className="text-red-700 dark:text-red-300">
                  {t("staff.feedRevoke")}
                </Button>
              </Form>
            ) : null}
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
