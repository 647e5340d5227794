import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Button, buttonClass } from "~/components/ui/button";
import { RECORDING_COLUMNS, REQUIRED_RECORDING_COLUMNS, type RecordingColumn } from "./columns";

/**
 * Which columns the list shows: a disclosure with a checkbox per column and
 * a submit, posted to /resources/recording-columns, which keeps the choice in
 * a cookie and returns to this exact view. The same form with or without JavaScript.
 */
export function ColumnChooser({ columns, returnTo }: { columns: RecordingColumn[]; returnTo: string }) {
  const { t } = useTranslation("recordings");
  return (
    <details className="group relative">
      <summary className={buttonClass("secondary", "cursor-pointer list-none [&::-webkit-details-marker]:hidden", "sm")}>{t("columnChooser.button")}</summary>
      <div className="absolute right-0 z-30 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-4 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <Form method="post" action="/resources/recording-columns" className="space-y-3">
          <input type="hidden" name="returnTo" value={returnTo} />
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium">{t("columnChooser.legend")}</legend>
            {RECORDING_COLUMNS.map((column) => {
              const required = REQUIRED_RECORDING_COLUMNS.includes(column);
              return (
                <label key={column} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="column"
                    value={column}
                    defaultChecked={columns.includes(column)}
                    disabled={required}
                    className="h-4 w-4 accent-[rgb(var(--color-primary-button))]"
                  />
                  {t(`columns.${column}`)}
                  {/* A disabled box is not sent; the required column goes along as a hidden field. */}
                  {required ? <input type="hidden" name="column" value={column} /> : null}
                </label>
              );
            })}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm">
              {t("columnChooser.save")}
            </Button>
            <Button type="submit" size="sm" variant="ghost" name="intent" value="reset">
              {t("columnChooser.reset")}
            </Button>
          </div>
        </Form>
      </div>
    </details>
  );
}
