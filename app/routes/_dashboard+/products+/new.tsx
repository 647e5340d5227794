import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireSuperAdmin } from "~/features/access/super-admin.server";
import { BILLING_CURRENCY } from "~/features/billing/usage/limits";
import { PlanForm } from "~/features/products/plan-form";
import { parsePlanForm } from "~/features/products/plan-form.server";
import { createPlan } from "~/features/products/products.server";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["platform"] };

/** /products/new: a plan for the catalogue, on sale (offered on /choose-plan) once saved. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request, "products", "create");
  const t = await getTranslator(request, "platform");
  return { title: t("products.newTitle"), currency: BILLING_CURRENCY };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireSuperAdmin(request, "products", "create");
  const form = parsePlanForm(await readFormData(request), await getLanguage(request));
  if (!form.ok) return data(form.reply, { status: 400 });
  const id = await createPlan(gate.user.id, form.value);
  return redirectWithToast(`/products/${id}`, { type: "success", key: "platform:products.toast.created", values: { name: form.value.name } });
}

const EMPTY = { name: "", price: "", includedMinutes: "", overage: "", phoneNumberLimit: "1", agentLimit: "1", apiRateLimit: "60", recommended: false };

export default function NewPlanPage() {
  const { t } = useTranslation("platform");
  const { currency } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const submitting = useIsPending();
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("products.newTitle")}
        description={t("products.newIntro")}
        back={
          <Link to="/products" className="underline">
            {t("products.back")}
          </Link>
        }
      />
      <Panel>
        <PlanForm
          values={reply?.values ?? EMPTY}
          errors={reply?.errors}
          currency={currency}
          submitLabel={t("products.create")}
          cancelHref="/products"
          submitting={submitting}
        />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
