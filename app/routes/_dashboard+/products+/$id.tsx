import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { StatusBadge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { ConfirmAction, ConfirmForm } from "~/components/ui/confirm-action";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireSuperAdmin } from "~/features/access/super-admin.server";
import { PlanForm, type PlanFormText } from "~/features/products/plan-form";
import { parsePlanForm } from "~/features/products/plan-form.server";
import { PlanStatusSchema } from "~/features/products/plan-schema";
import { getCataloguePlan, planPriceChangeImpact, setPlanActive, updatePlan } from "~/features/products/products.server";
import { formatDate, formatNumber } from "~/i18n/format";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { centsToInput } from "~/lib/format/amounts";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["platform"] };

/**
 * /products/<id>: a plan's terms, who a price change would reach and from
 * when (decision 0050: at each subscription's next renewal), and retiring or
 * reactivating it. ?confirm=retire is the confirmation without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireSuperAdmin(request, "products");
  const plan = await getCataloguePlan(params.id ?? "");
  if (!plan) notFound();
  const language = await getLanguage(request);
  const impact = await planPriceChangeImpact(plan.id);
  const values: PlanFormText = {
    name: plan.name,
    price: centsToInput(plan.priceCents, language),
    includedMinutes: String(plan.includedMinutes),
    overage: centsToInput(plan.overageCentsPerMinute, language),
    phoneNumberLimit: String(plan.phoneNumberLimit),
    agentLimit: String(plan.agentLimit),
    apiRateLimit: String(plan.apiRateLimit),
    recommended: plan.recommended,
  };
  const t = await getTranslator(request, "platform");
  return {
    title: plan.name,
    plan,
    values,
    impact,
    confirmRetire: new URL(request.url).searchParams.get("confirm") === "retire" && plan.active,
    timeZone: gate.tenant.timeZone,
    back: t("products.back"),
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  // Retiring is a change of the plan, not its removal (its subscribers keep it): "update" like an edit.
  const gate = await requireSuperAdmin(request, "products", "update");
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "save");
  const id = params.id ?? "";
  const here = `/products/${id}`;
  if (intent === "save") {
    const form = parsePlanForm(formData, await getLanguage(request));
    if (!form.ok) return data(form.reply, { status: 400 });
    if (!(await updatePlan(gate.user.id, id, form.value))) notFound();
    return redirectWithToast(here, { type: "success", key: "platform:products.toast.saved", values: { name: form.value.name } });
  }
  const status = parseWithZod(formData, { schema: PlanStatusSchema });
  if (status.status !== "success") return data({ values: undefined, errors: undefined }, { status: 400 });
  const retire = status.value.intent === "retire";
  if (!(await setPlanActive(gate.user.id, id, !retire))) notFound();
  return redirectWithToast(here, { type: "success", key: retire ? "platform:products.toast.retired" : "platform:products.toast.reactivated" });
}

export default function PlanPage() {
  const { t, i18n } = useTranslation("platform");
  const { plan, values, impact, confirmRetire, timeZone, back } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const submitting = useIsPending();
  const language = i18n.language;
  const here = `/products/${plan.id}`;
  const retireQuestion = (
    <p>{t("products.retire.question", { name: plan.name, count: plan.subscribers, formatted: formatNumber(plan.subscribers, language) })}</p>
  );
  return (
    <div className="space-y-4">
      <PageHeader
        title={plan.name}
        description={t("products.editIntro")}
        back={
          <Link to="/products" className="underline">
            {back}
          </Link>
        }
        actions={
          <StatusBadge
            status={plan.active ? "active" : "retired"}
            tones={{ active: "success", retired: "neutral" }}
            label={t(plan.active ? "products.status.active" : "products.status.retired")}
            data-testid="plan-status"
          />
        }
      />
      {confirmRetire ? (
        <Panel title={t("products.retire.title")}>
          <ConfirmForm action={here} hidden={{ intent: "retire" }} confirmLabel={t("products.retire.submit")} cancelHref={here} submitting={submitting}>
            {retireQuestion}
          </ConfirmForm>
        </Panel>
      ) : null}
      <Panel title={t("products.impact.title")}>
        <p className="text-sm" data-testid="price-impact">
          {impact.renewing === 0
            ? t("products.impact.none")
            : t("products.impact.some", {
                count: impact.renewing,
                formatted: formatNumber(impact.renewing, language),
                first: formatDate(impact.firstRenewal!, language, timeZone),
                last: formatDate(impact.lastRenewal!, language, timeZone),
              })}
        </p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("products.impact.rule")}</p>
      </Panel>
      <Panel title={t("products.terms")}>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t(`products.intervalNote.${plan.interval}`, { defaultValue: plan.interval })}</p>
        <PlanForm
          values={reply?.values ?? values}
          errors={reply?.errors}
          currency={plan.currency}
          submitLabel={t("products.save")}
          cancelHref="/products"
          submitting={submitting}
        />
      </Panel>
      <Panel title={t(plan.active ? "products.retire.title" : "products.reactivate.title")}>
        <div className="space-y-3">
          <Notice>{t(plan.active ? "products.retire.explain" : "products.reactivate.explain")}</Notice>
          {plan.active ? (
            <ConfirmAction
              href={`${here}?confirm=retire`}
              title={t("products.retire.title")}
              className={buttonClass("danger")}
              content={({ fetcher, close }) => (
                <ConfirmForm
                  action={here}
                  hidden={{ intent: "retire" }}
                  confirmLabel={t("products.retire.submit")}
                  cancelHref={here}
                  fetcher={fetcher}
                  onCancel={close}
                >
                  {retireQuestion}
                </ConfirmForm>
              )}
            >
              {t("products.retire.submit")}
            </ConfirmAction>
          ) : (
            <form method="post" action={here}>
              <input type="hidden" name="intent" value="reactivate" />
              <button type="submit" className={buttonClass("secondary")}>
                {t("products.reactivate.submit")}
              </button>
            </form>
          )}
        </div>
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
