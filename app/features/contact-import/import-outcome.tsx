import { Form, Link, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { Button, buttonClass } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatNumber } from "~/i18n/format";
import type { FailedView, ProgressView, ResultView } from "./import-page.server";
import { importPath } from "./preview-params";

/** Seconds between reloads of the progress page without JavaScript. */
const REFRESH_SECONDS = 2;
const POLL_MS = 1000;

/**
 * Step 4 while it runs. The page updates by itself: with JavaScript the
 * loader is asked again every second (no reload, focus and scroll stay);
 * without it a <noscript> meta refresh reloads the page every two seconds.
 * Once the import is done or failed the page renders the outcome instead, so
 * both stop.
 */
export function ImportProgress({ fileName, view }: { fileName: string; view: ProgressView }) {
  const { t, i18n } = useTranslation("imports");
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (state === "idle") revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [revalidate, state]);
  const checkedAll = view.total > 0 && view.processed >= view.total;
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <Panel title={t("progress.heading", { file: fileName })}>
      <noscript>
        <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
      </noscript>
      <div className="space-y-3">
        <progress
          aria-label={t("progress.label")}
          max={Math.max(view.total, 1)}
          value={Math.min(view.processed, view.total)}
          className="h-3 w-full overflow-hidden rounded accent-primary"
        />
        <p role="status" className="text-sm" data-testid="import-progress">
          {checkedAll ? t("progress.saving") : t("progress.rows", { processed: n(view.processed), total: n(view.total) })}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("progress.note")}</p>
      </div>
    </Panel>
  );
}

export function ImportResult({ view }: { view: ResultView }) {
  const { t, i18n } = useTranslation("imports");
  const n = (value: number) => formatNumber(value, i18n.language);
  const listName = view.list?.name ?? t("result.deletedList");
  return (
    <Panel title={t("result.heading")}>
      <div className="space-y-4" data-testid="import-result">
        <ul className="space-y-1">
          <li className="font-medium">{t("result.imported", { count: view.imported, formatted: n(view.imported), list: listName })}</li>
          {view.skipped > 0 ? <li>{t("result.skipped", { count: view.skipped, formatted: n(view.skipped) })}</li> : null}
          {view.removed > 0 ? <li>{t("result.removed", { count: view.removed, formatted: n(view.removed) })}</li> : null}
        </ul>
        <div className="flex flex-wrap gap-3">
          {view.list ? (
            <Link to={`/contacts?list=${encodeURIComponent(view.list.id)}`} className={buttonClass("primary")}>
              {t("result.viewList", { list: view.list.name })}
            </Link>
          ) : null}
          <Link to="/contacts/import" className={buttonClass("secondary")}>
            {t("result.another")}
          </Link>
        </div>
      </div>
    </Panel>
  );
}

export function ImportFailed({ importId, view, canRetry }: { importId: string; view: FailedView; canRetry: boolean }) {
  const { t } = useTranslation("imports");
  const retrying = useIsPending({ intent: "retry", formAction: importPath(importId) });
  return (
    <Panel title={t("failed.heading")}>
      <div role="alert" className="space-y-4" data-testid="import-failed">
        <p>
          {t(view.errorKey)} {t("failed.noneWritten")}
        </p>
        <div className="flex flex-wrap gap-3">
          {view.retryable && canRetry ? (
            <Form method="post" action={importPath(importId)}>
              <input type="hidden" name="intent" value="retry" />
              <Button type="submit" loading={retrying}>
                {t("failed.retry")}
              </Button>
            </Form>
          ) : null}
          <Link to="/contacts/import" className={buttonClass("secondary")}>
            {t("failed.uploadAgain")}
          </Link>
        </div>
      </div>
    </Panel>
  );
}
