import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/ui/page-header";
import { Notice } from "~/components/ui/panel";
import { getEnv } from "~/config/env.server";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { matchColumns } from "~/features/contact-import/column-mapping";
import { ImportSteps } from "~/features/contact-import/import-badges";
import { ensureImportHousekeeping } from "~/features/contact-import/import-runner.server";
import { createImport, listRecentImports } from "~/features/contact-import/import-store.server";
import { formatByteSize, HISTORY_SIZE } from "~/features/contact-import/limits";
import { importPath } from "~/features/contact-import/preview-params";
import { uploadSchema } from "~/features/contact-import/schemas";
import { receiveUpload, type UploadRefusal } from "~/features/contact-import/upload.server";
import { ImportHistory, UploadSection, type UploadRefusalReply } from "~/features/contact-import/upload-section";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { formatNumber } from "~/i18n/format";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { badRequest } from "~/lib/http/errors.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const handle: I18nHandle = { i18n: ["imports"] };

/** /contacts/import: upload a CSV, and the history of recent imports. The steps after the upload live at /contacts/import/<id>. */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "contacts");
  await ensureImportHousekeeping();
  const t = await getTranslator(request, "imports");
  const { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } = getEnv();
  return {
    title: t("title"),
    history: await listRecentImports(gate.tenant.id, HISTORY_SIZE),
    limits: { maxBytes: MAX_IMPORT_BYTES, maxRows: MAX_IMPORT_ROWS },
    constraint: getZodConstraint(uploadSchema),
    timeZone: gate.tenant.timeZone,
    canImport: can(gate.user.permissions, "contacts", "create"),
  };
}

export const meta = titleFromLoader;

function isMultipart(request: Request) {
  return request.headers.get("Content-Type")?.toLowerCase().startsWith("multipart/form-data") ?? false;
}

/** Values of a refusal message, formatted for the user's language (limits in human units). */
function refusalValues(refusal: UploadRefusal, language: string): Record<string, string> {
  if (refusal.key === "validation.tooLarge") return { limit: formatByteSize(refusal.values.limitBytes, language) };
  if (refusal.key === "validation.tooManyRows") return { limit: formatNumber(refusal.values.limitRows, language) };
  if (refusal.key === "validation.malformed") return { row: formatNumber(refusal.values.row, language) };
  return {};
}

/** The upload: streamed to disk with its limits checked on the way; a refusal answers at the file field. */
export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "create", "contacts");
  await ensureImportHousekeeping();
  if (!isMultipart(request)) badRequest();
  const received = await receiveUpload(request);
  if (!received.ok) {
    const result = parseWithZod(new FormData(), { schema: uploadSchema }).reply({ fieldErrors: { file: [received.refusal.key] } });
    const reply: UploadRefusalReply = { intent: "upload", result, values: refusalValues(received.refusal, await getLanguage(request)) };
    return data(reply, { status: received.refusal.key === "validation.tooLarge" ? 413 : 400 });
  }
  const { upload } = received;
  const { importId } = upload;
  await createImport({
    id: importId,
    tenantId: gate.tenant.id,
    userId: gate.user.id,
    fileName: upload.fileName,
    storedFile: upload.storedFile,
    sizeBytes: upload.sizeBytes,
    rowCount: upload.dataRows,
    mapping: matchColumns(upload.header),
  });
  const language = await getLanguage(request);
  return redirectWithToast(importPath(importId), {
    type: "success",
    key: "imports:toast.uploaded",
    values: { count: upload.dataRows, formatted: formatNumber(upload.dataRows, language) },
  });
}

export default function ContactImportPage() {
  const { t } = useTranslation("imports");
  const { history, limits, constraint, timeZone, canImport } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={t("intro")}
        back={
          <Link to="/contacts" className="text-primary-dark underline underline-offset-2 dark:text-primary">
            <span aria-hidden="true">←</span> {t("backToContacts")}
          </Link>
        }
      />
      {canImport ? (
        <>
          <ImportSteps current="upload" />
          <UploadSection limits={limits} reply={reply} constraint={constraint} />
        </>
      ) : (
        <Notice>{t("readOnly")}</Notice>
      )}
      <ImportHistory entries={history} timeZone={timeZone} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
