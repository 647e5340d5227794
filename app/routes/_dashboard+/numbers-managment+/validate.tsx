import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { QuotaLine } from "~/features/numbers/add-number";
import { MAX_BULK_BYTES, MAX_BULK_ROWS } from "~/features/numbers/bulk-csv";
import { readBulkUpload, validateBulkUpload } from "~/features/numbers/bulk.server";
import { BulkAddForm, BulkResultsTable, BulkUploadForm, type BulkAddProblem } from "~/features/numbers/bulk-validation";
import { NUMBERS_PATH } from "~/features/numbers/list-url";
import { addTenantNumbers, countTenantNumbers } from "~/features/numbers/numbers.server";
import { isValidPhoneNumber, toE164 } from "~/features/phone/phone-library.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import { titleFromLoader } from "~/lib/http/page-title";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { badRequest } from "~/lib/http/errors.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const handle: I18nHandle = { i18n: ["numbers", "phone"] };

/**
 * /numbers-managment/validate: bulk validation of phone numbers from a CSV
 * file. POSTing a file answers with a server-rendered results table (Row from
 * 2, Phone Number, Status, Error); "Add the valid numbers" posts them back,
 * validated again, and adds all of them or none within the plan's quota.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant, subscription } = await requireReadAccess(request, "numbers-managment");
  const t = await getTranslator(request, "numbers");
  return {
    title: t("bulk.title"),
    limits: { maxBytes: MAX_BULK_BYTES, maxRows: MAX_BULK_ROWS },
    quota: { used: await countTenantNumbers(tenant.id), limit: subscription?.phone_number_limit ?? 0, planName: subscription?.plan_name ?? "" },
    canCreate: can(user.permissions, "numbers-managment", "create"),
  };
}

export const meta = titleFromLoader;

const isMultipart = (request: Request) => request.headers.get("Content-Type")?.toLowerCase().startsWith("multipart/form-data") ?? false;

export async function action({ request }: ActionFunctionArgs) {
  // Validating changes nothing, so reading the page is enough; adding needs create.
  if (isMultipart(request)) {
    const { tenant } = await requireActionAccess(request, "read", "numbers-managment");
    const upload = await readBulkUpload(request);
    if (!upload.ok) return data({ kind: "upload" as const, problem: upload.problem }, { status: 400 });
    const outcome = await validateBulkUpload(tenant.id, upload, tenant.country);
    if (!outcome.ok) return data({ kind: "upload" as const, problem: outcome.problem }, { status: 400 });
    return { kind: "results" as const, results: outcome.results };
  }

  const { tenant, subscription } = await requireActionAccess(request, "create", "numbers-managment");
  const formData = await readFormData(request);
  if (formData.get("intent") !== "add-valid") badRequest();
  // What comes back is what the results page listed, but it is checked again as if typed.
  const numbers = [
    ...new Set(
      String(formData.get("numbers") ?? "")
        .split(",")
        .filter((value) => isValidPhoneNumber(value, tenant.country))
        .map((value) => toE164(value, tenant.country)!),
    ),
  ].slice(0, MAX_BULK_ROWS);
  const failed = (problem: BulkAddProblem) => data({ kind: "add" as const, problem, numbers }, { status: 400 });
  if (numbers.length === 0) return failed({ problem: "nothingValid" });
  const result = await addTenantNumbers(tenant.id, numbers, subscription?.phone_number_limit ?? 0);
  if (!result.ok) return failed({ problem: "limit", adding: result.adding, used: result.used, limit: result.limit });
  return redirectWithToast("/numbers-managment", {
    type: result.added > 0 ? "success" : "info",
    key: result.added > 0 ? "numbers:toast.bulkAdded" : "numbers:toast.bulkNothingNew",
    values: { count: result.added, skipped: result.skipped },
  });
}

export default function ValidateNumbersPage() {
  const { t } = useTranslation("numbers");
  const { limits, quota, canCreate } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("bulk.title")}
        description={t("bulk.intro")}
        back={
          <Link to={NUMBERS_PATH} className="text-primary-dark underline dark:text-primary">
            {t("bulk.back")}
          </Link>
        }
        actions={<QuotaLine quota={quota} />}
      />
      {outcome?.kind === "results" ? (
        <Panel title={t("bulk.resultsTitle")}>
          <div className="space-y-6">
            <BulkResultsTable results={outcome.results} />
            {canCreate ? <BulkAddForm numbers={outcome.results.newNumbers} alreadyAdded={outcome.results.alreadyAdded} quota={quota} /> : null}
          </div>
        </Panel>
      ) : null}
      {outcome?.kind === "add" ? (
        <Panel title={t("bulk.add.title")}>
          <BulkAddForm numbers={outcome.numbers} alreadyAdded={0} quota={quota} problem={outcome.problem} />
        </Panel>
      ) : null}
      <Panel title={outcome?.kind === "results" ? t("bulk.another") : t("bulk.uploadTitle")}>
        <BulkUploadForm limits={limits} problem={outcome?.kind === "upload" ? outcome.problem : undefined} />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
