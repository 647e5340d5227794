import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Button, type ButtonVariant } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { Panel } from "~/components/ui/panel";
import { Tabs } from "~/components/ui/tabs";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatNumber } from "~/i18n/format";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import type { PreviewView } from "./import-page.server";
import { importPath, PREVIEW_FILTERS, previewHref, type PreviewFilter } from "./preview-params";
import { PreviewTable, type RowEditReply } from "./preview-table";
import { StartImportForm, type StartImportReply } from "./start-import-form";

export type { RowEditReply, StartImportReply };

/**
 * Step 3: counts, a status filter, the rows of one page (each invalid one
 * with its reasons, a correction form and a remove button), and the form that
 * starts the import. Every control is a link or a plain form post: the whole
 * preview works without JavaScript, and the view (filter, page) is in the URL.
 */
export function ImportPreview({
  importId,
  fileName,
  view,
  readOnly,
  rowEditReply,
  startReply,
  listNameMaxLength,
  constraints,
}: {
  importId: string;
  fileName: string;
  view: PreviewView;
  /** For a user who may look but not import: no forms. */
  readOnly: boolean;
  rowEditReply: RowEditReply | undefined;
  startReply: StartImportReply | undefined;
  listNameMaxLength: number;
  /** The forms' HTML constraints, from the loader. */
  constraints: { rowEdit: FormConstraint; startImport: FormConstraint };
}) {
  const { t } = useTranslation("imports");
  const here = previewHref(importId, view.params);
  return (
    <div className="space-y-6">
      <Panel className="p-0 sm:p-0">
        <div className="space-y-4 px-4 pt-5">
          <div className="space-y-1">
            <h2 className="text-lg font-semibold">{t("preview.heading")}</h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("preview.intro")}</p>
          </div>
          <PreviewCounts counts={view.counts} />
          <p className="text-sm">
            <span className="font-medium">{t("preview.columns")}</span>{" "}
            {view.mappedColumns.map(({ target, header }) => `${t(`fields.${target}`)} ← ${header}`).join(" · ")}{" "}
            <Link to={`${importPath(importId)}?step=mapping`} className="whitespace-nowrap underline">
              {t("preview.changeMapping")}
            </Link>
          </p>
          <FilterTabs importId={importId} current={view.params.status} counts={view.counts} />
        </div>
        {readOnly ? null : <BulkActions counts={view.counts} here={here} />}
        {view.rows.length === 0 ? (
          <div className="p-4">
            <EmptyState title={t("preview.noRows")} className="border-0 py-6" />
          </div>
        ) : (
          <div className="max-sm:p-3">
            <PreviewTable
              importId={importId}
              fileName={fileName}
              view={view}
              here={here}
              readOnly={readOnly}
              rowEditReply={rowEditReply}
              rowEditConstraint={constraints.rowEdit}
            />
          </div>
        )}
        {view.pageCount > 1 ? (
          <div className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">
            <Pagination
              page={view.page}
              pageCount={view.pageCount}
              label={t("preview.pagination.label")}
              href={(page) => previewHref(importId, { status: view.params.status, page })}
            />
          </div>
        ) : null}
      </Panel>
      {readOnly ? null : (
        <StartImportForm
          importId={importId}
          view={view}
          here={here}
          reply={startReply}
          listNameMaxLength={listNameMaxLength}
          constraint={constraints.startImport}
        />
      )}
    </div>
  );
}

const COUNT_KEYS = ["total", "valid", "invalid", "exists", "duplicate", "removed"] as const;

function PreviewCounts({ counts }: { counts: PreviewView["counts"] }) {
  const { t, i18n } = useTranslation("imports");
  return (
    <dl aria-label={t("preview.counts.label")} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" data-testid="import-counts">
      {COUNT_KEYS.map((key) => (
        <div key={key} className="min-w-0 rounded-md border border-slate-200 px-3 py-2 dark:border-slate-700" data-count={key}>
          <dt className="hyphens-auto break-words text-xs text-slate-600 dark:text-slate-300">{t(`preview.counts.${key}`)}</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatNumber(counts[key], i18n.language)}</dd>
        </div>
      ))}
    </dl>
  );
}

function FilterTabs({ importId, current, counts }: { importId: string; current: PreviewFilter; counts: PreviewView["counts"] }) {
  const { t, i18n } = useTranslation("imports");
  const countOf = (filter: PreviewFilter) => (filter === "all" ? counts.total - counts.removed : counts[filter]);
  return (
    <Tabs
      label={t("preview.filterLabel")}
      active={current}
      tabs={PREVIEW_FILTERS.map((filter) => ({
        value: filter,
        label: t(`preview.filters.${filter}`),
        to: previewHref(importId, { status: filter, page: 1 }),
        badge: formatNumber(countOf(filter), i18n.language),
      }))}
    />
  );
}

/** Removing every invalid row at once, and taking back what was removed. */
function BulkActions({ counts, here }: { counts: PreviewView["counts"]; here: string }) {
  const { t, i18n } = useTranslation("imports");
  if (counts.invalid === 0 && counts.removed === 0) return null;
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <div className="flex flex-wrap gap-2 px-4 py-3">
      {counts.invalid > 0 ? (
        <IntentButton here={here} intent="remove-invalid" variant="danger">
          {t("preview.removeInvalid", { count: counts.invalid, formatted: n(counts.invalid) })}
        </IntentButton>
      ) : null}
      {counts.removed > 0 ? (
        <IntentButton here={here} intent="restore-removed" variant="secondary">
          {t("preview.restoreRemoved", { count: counts.removed, formatted: n(counts.removed) })}
        </IntentButton>
      ) : null}
    </div>
  );
}

/** A button that posts one intent to the page's own URL (the view it was pressed in comes back). */
function IntentButton({ here, intent, variant, children }: { here: string; intent: string; variant: ButtonVariant; children: ReactNode }) {
  const pending = useIsPending({ intent, formAction: here });
  return (
    <Form method="post" action={here} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} size="sm" loading={pending}>
        {children}
      </Button>
    </Form>
  );
}
