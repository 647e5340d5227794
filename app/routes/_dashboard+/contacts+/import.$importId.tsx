import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/ui/page-header";
import { Notice } from "~/components/ui/panel";
import { requireActionAccess, requireReadAccess, type GateContext } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { ImportSteps, type ImportStep } from "~/features/contact-import/import-badges";
import { readCsvHead } from "~/features/contact-import/csv-file.server";
import { storedFileExists } from "~/features/contact-import/import-files.server";
import { ImportFailed, ImportProgress, ImportResult } from "~/features/contact-import/import-outcome";
import { loadImportView, summaryOf, type ImportView } from "~/features/contact-import/import-page.server";
import { ensureImportHousekeeping, startImport } from "~/features/contact-import/import-runner.server";
import {
  claimForImport,
  findImport,
  removeRows,
  reopenFailedImport,
  restoreRemovedRows,
  saveMapping,
  saveRowEdit,
  type ContactImport,
} from "~/features/contact-import/import-store.server";
import { MappingForm } from "~/features/contact-import/mapping-form";
import { ImportPreview, type RowEditReply, type StartImportReply } from "~/features/contact-import/preview";
import { currentCounts, invalidRowNumbers, previewHasRow } from "~/features/contact-import/preview.server";
import { importPath, parsePreviewParams, previewHref } from "~/features/contact-import/preview-params";
import { NEW_LIST } from "~/features/contact-import/import-forms";
import { mappingSchema, rowActionSchema, rowEditSchema, startImportSchema } from "~/features/contact-import/schemas";
import { createContactList, findContactList, LIST_NAME_MAX_LENGTH } from "~/features/contacts/lists.server";
import { redirectWithToast, type Toast } from "~/lib/toast/toast.server";
import { formatNumber } from "~/i18n/format";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { badRequest, notFound } from "~/lib/http/errors.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const handle: I18nHandle = { i18n: ["contacts", "imports", "phone"] };

/**
 * /contacts/import/<id>: one page for an uploaded file, showing the step its
 * status is at: column mapping, preview, progress, result or failure. The URL
 * carries the preview's filter and page (preview-params.ts).
 */
async function requireImport(gate: GateContext, importId: string | undefined) {
  // Another tenant's import is exactly as missing as one that never existed.
  const entry = importId ? await findImport(gate.tenant.id, importId) : undefined;
  if (!entry) notFound();
  return entry;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "contacts");
  await ensureImportHousekeeping();
  const entry = await requireImport(gate, params.importId);
  const t = await getTranslator(request, "imports");
  const view = await loadImportView(entry, parsePreviewParams(new URL(request.url).searchParams));
  return {
    title: `${t("title")}: ${entry.file_name}`,
    summary: summaryOf(entry),
    view,
    canEdit: can(gate.user.permissions, "contacts", "create"),
    listNameMaxLength: LIST_NAME_MAX_LENGTH,
    constraints: {
      mapping: getZodConstraint(mappingSchema),
      rowEdit: getZodConstraint(rowEditSchema(gate.tenant.country)),
      startImport: getZodConstraint(startImportSchema),
    },
  };
}

export const meta = titleFromLoader;

const toast = (key: string, values?: Toast["values"], type: Toast["type"] = "success"): Toast => ({ type, key: `imports:${key}`, values });

/** The import moved on (started, finished) while the user looked at an older page: show where it is now. */
const notEditable = (entry: ContactImport) => redirectWithToast(importPath(entry.id), toast("validation.notEditable", undefined, "error"));

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "create", "contacts");
  await ensureImportHousekeeping();
  const entry = await requireImport(gate, params.importId);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const back = previewHref(entry.id, parsePreviewParams(new URL(request.url).searchParams));
  const language = await getLanguage(request);

  switch (intent) {
    case "save-mapping":
      return saveColumnMapping(entry, formData);
    case "edit-row":
      return editRow(gate, entry, formData, back);
    case "remove-row":
      return removeRow(entry, formData, back);
    case "remove-invalid": {
      if (entry.status !== "mapped") return notEditable(entry);
      const numbers = await invalidRowNumbers(entry);
      if (!(await removeRows(entry.tenant_id, entry.id, numbers))) return notEditable(entry);
      return redirectWithToast(back, toast("toast.invalidRemoved", { count: numbers.length, formatted: formatNumber(numbers.length, language) }));
    }
    case "restore-removed":
      if (!(await restoreRemovedRows(entry.tenant_id, entry.id))) return notEditable(entry);
      return redirectWithToast(back, toast("toast.restored"));
    case "start-import":
      return beginImport(gate, entry, formData);
    case "retry":
      if (entry.status !== "failed" || !(await storedFileExists(entry.stored_file))) return notEditable(entry);
      if (!(await reopenFailedImport(entry.tenant_id, entry.id))) return notEditable(entry);
      return redirectWithToast(importPath(entry.id), toast("toast.reopened"));
    default:
      badRequest();
  }
}

async function saveColumnMapping(entry: ContactImport, formData: FormData) {
  if (entry.status !== "uploaded" && entry.status !== "mapped") return notEditable(entry);
  const submission = parseWithZod(formData, { schema: mappingSchema });
  if (submission.status !== "success") return data({ intent: "save-mapping" as const, result: submission.reply() }, { status: 400 });
  const { header } = await readCsvHead(entry.stored_file, 0);
  const outOfRange = Object.entries(submission.value).filter(([, index]) => index !== null && index >= header.length);
  if (outOfRange.length > 0) {
    const fieldErrors = Object.fromEntries(outOfRange.map(([target]) => [target, ["validation.columnUnknown"]]));
    return data({ intent: "save-mapping" as const, result: submission.reply({ fieldErrors }) }, { status: 400 });
  }
  if (!(await saveMapping(entry.tenant_id, entry.id, submission.value))) return notEditable(entry);
  return redirectWithToast(importPath(entry.id), toast("toast.mappingSaved"));
}

async function editRow(gate: GateContext, entry: ContactImport, formData: FormData, back: string) {
  if (entry.status !== "mapped") return notEditable(entry);
  const submission = parseWithZod(formData, { schema: rowEditSchema(gate.tenant.country) });
  const row = Number(formData.get("row"));
  if (!(await previewHasRow(entry, row))) badRequest();
  if (submission.status !== "success") return data({ intent: "edit-row" as const, row, result: submission.reply() }, { status: 400 });
  const { row: _row, ...values } = submission.value;
  if (!(await saveRowEdit(entry.tenant_id, entry.id, row, values))) return notEditable(entry);
  return redirectWithToast(back, toast("toast.rowSaved", { row }));
}

async function removeRow(entry: ContactImport, formData: FormData, back: string) {
  if (entry.status !== "mapped") return notEditable(entry);
  const submission = parseWithZod(formData, { schema: rowActionSchema });
  if (submission.status !== "success" || !(await previewHasRow(entry, submission.value.row))) badRequest();
  if (!(await removeRows(entry.tenant_id, entry.id, [submission.value.row]))) return notEditable(entry);
  return redirectWithToast(back, toast("toast.rowRemoved", { row: submission.value.row }));
}

async function beginImport(gate: GateContext, entry: ContactImport, formData: FormData) {
  if (entry.status !== "mapped") return notEditable(entry);
  const refuse = (result: StartImportReply["result"]) => data({ intent: "start-import" as const, result, values: {} }, { status: 400 });
  const submission = parseWithZod(formData, { schema: startImportSchema });
  if (submission.status !== "success") return refuse(submission.reply());

  const counts = await currentCounts(entry);
  if (counts.invalid > 0) return refuse(submission.reply({ formErrors: ["validation.invalidRowsLeft"] }));

  const { listId, newListName } = submission.value;
  let targetListId: string;
  if (listId && listId !== NEW_LIST) {
    const list = await findContactList(gate.tenant.id, listId);
    if (!list) return refuse(submission.reply({ fieldErrors: { listId: ["validation.listRequired"] } }));
    targetListId = list.id;
  } else {
    const created = await createContactList(gate.tenant.id, newListName ?? "");
    if (!created.ok) return refuse(submission.reply({ fieldErrors: { newListName: [created.error] } }));
    targetListId = created.id;
  }

  if (!(await claimForImport(gate.tenant.id, entry.id, targetListId))) return notEditable(entry);
  void startImport(entry.id, gate.tenant.id);
  // No toast: a small file is often imported before the redirect lands, and "Import started" over
  // "Import finished" contradicts the page. The page itself says where the import is (progress, result or failure).
  return redirect(importPath(entry.id));
}

function stepOf(view: ImportView): ImportStep {
  if (view.kind === "mapping") return "mapping";
  if (view.kind === "preview") return "preview";
  return "import";
}

export default function ContactImportDetailPage() {
  const { t } = useTranslation("imports");
  const { summary, view, canEdit, listNameMaxLength, constraints } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const editable = view.kind === "mapping" || view.kind === "preview";
  return (
    <div className="space-y-6">
      <PageHeader
        title={summary.fileName}
        back={
          <Link to="/contacts/import" className="text-primary-dark underline underline-offset-2 dark:text-primary">
            <span aria-hidden="true">←</span> {t("title")}
          </Link>
        }
      />
      <ImportSteps current={stepOf(view)} />
      {editable && !canEdit ? <Notice>{t("readOnly")}</Notice> : null}
      {view.kind === "mapping" && canEdit ? (
        <MappingForm
          importId={summary.id}
          fileName={summary.fileName}
          view={view}
          lastResult={reply?.intent === "save-mapping" ? reply.result : undefined}
          constraint={constraints.mapping}
        />
      ) : null}
      {view.kind === "preview" ? (
        <ImportPreview
          importId={summary.id}
          fileName={summary.fileName}
          view={view}
          readOnly={!canEdit}
          rowEditReply={reply?.intent === "edit-row" ? (reply as RowEditReply) : undefined}
          startReply={reply?.intent === "start-import" ? (reply as StartImportReply) : undefined}
          listNameMaxLength={listNameMaxLength}
          constraints={constraints}
        />
      ) : null}
      {view.kind === "progress" ? <ImportProgress fileName={summary.fileName} view={view} /> : null}
      {view.kind === "result" ? <ImportResult view={view} /> : null}
      {view.kind === "failed" ? <ImportFailed importId={summary.id} view={view} canRetry={canEdit} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
