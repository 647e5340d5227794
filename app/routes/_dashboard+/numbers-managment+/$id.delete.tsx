import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/components/ui/cn";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { DeleteNumberForm } from "~/features/numbers/delete-number";
import { NUMBERS_PATH } from "~/features/numbers/list-url";
import { deleteTenantNumber, findTenantNumber } from "~/features/numbers/numbers.server";
import { formatPhoneForDisplay } from "~/features/phone/phone-library.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { notFound } from "~/lib/http/errors.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const handle: I18nHandle = { i18n: ["numbers"] };

/**
 * Deleting a business number: GET shows what goes with it (its knowledge
 * bases) or which campaigns stop it, so it works without JavaScript; POST
 * deletes. With scripts the list opens the same form in a dialog.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "numbers-managment");
  const number = await findTenantNumber(tenant.id, params.id ?? "");
  if (!number) notFound();
  const t = await getTranslator(request, "numbers");
  return { title: t("delete.title"), number };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "numbers-managment");
  const result = await deleteTenantNumber(tenant.id, params.id ?? "");
  if (!result.ok && result.reason === "not-found") notFound();
  if (!result.ok) return data({ campaigns: result.campaigns }, { status: 409 });
  return redirectWithToast("/numbers-managment", {
    type: "success",
    key: "numbers:toast.deleted",
    values: { number: formatPhoneForDisplay(result.e164), count: result.knowledgeBasesDeleted },
  });
}

export default function DeleteNumberPage() {
  const { t } = useTranslation("numbers");
  const { number } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const deleting = useIsPending();
  // A campaign may have started using the number since the page was opened; the refusal names it.
  const shown = refused?.campaigns ? { ...number, campaigns: refused.campaigns.map((name) => ({ id: name, name })) } : number;
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader
        title={t("delete.title")}
        back={
          <Link to={NUMBERS_PATH} className="text-primary-dark underline dark:text-primary">
            {t("bulk.back")}
          </Link>
        }
      />
      <Panel>
        <DeleteNumberForm number={shown} display={number.display} submitting={deleting} />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
