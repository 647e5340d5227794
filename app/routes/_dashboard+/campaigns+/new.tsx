import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/ui/page-header";
import { requireActionAccess } from "~/features/access/gate.server";
import { BackLink } from "~/features/campaigns/back-link";
import { CampaignForm, NEW_CAMPAIGN_DEFAULTS } from "~/features/campaigns/campaign-form";
import { formDefaultsFromSearch } from "~/features/campaigns/form-params";
import { checkReferences, createCampaign, loadFormOptions } from "~/features/campaigns/campaigns.server";
import { campaignFormSchema } from "~/features/campaigns/schemas";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const handle: I18nHandle = { i18n: ["campaigns"] };

/**
 * /campaigns/new: a new campaign is saved as a draft; starting it is a
 * separate step on its page, after the pre-launch check. The form starts
 * from its URL params when there are any (back from creating a knowledge
 * base, or the scriptless Apply).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "create", "campaigns");
  const t = await getTranslator(request, "campaigns");
  const defaults = formDefaultsFromSearch(new URL(request.url).searchParams, NEW_CAMPAIGN_DEFAULTS);
  return { title: t("new.title"), defaults, options: await loadFormOptions(tenant.id), timeZone: tenant.timeZone };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "create", "campaigns");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: campaignFormSchema({ timeZone: tenant.timeZone, now: () => new Date() }) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const referenceErrors = await checkReferences(tenant.id, submission.value);
  if (referenceErrors) return data({ result: submission.reply({ fieldErrors: referenceErrors }) }, { status: 400 });
  const id = await orFailed("Creating a campaign", () => createCampaign(tenant.id, submission.value));
  if (id === FAILED) return data({ result: submission.reply({ formErrors: ["failures.createFailed"] }) }, { status: 500 });
  return redirectWithToast(`/campaigns/${encodeURIComponent(id)}`, {
    type: "success",
    key: "campaigns:toast.created",
    values: { name: submission.value.name },
  });
}

export default function NewCampaignPage() {
  const { t } = useTranslation("campaigns");
  const { defaults, options, timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <PageHeader title={t("new.title")} description={t("new.intro")} back={<BackLink to="/campaigns">{t("detail.back")}</BackLink>} />
      <CampaignForm
        id="campaign-new"
        path="/campaigns/new"
        defaults={defaults}
        options={options}
        timeZone={timeZone}
        lastResult={actionData?.result}
        submitLabel={t("new.submit")}
        cancelHref="/campaigns"
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
