import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { requireReadAccess } from "~/features/access/gate.server";
import { tourFor } from "~/features/onboarding/tours";
import { wizardStepHref } from "~/features/onboarding/wizard-steps";
import { isWizardType } from "~/features/onboarding/wizard-type";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { safeRedirectPath } from "~/lib/http/safe-redirect";

export const handle: I18nHandle = { i18n: ["onboarding"] };

/**
 * /help?type=<wizard type>&tab=<agent tab>&from=<page>: the steps of a page's
 * tour as a page (docs/product/behaviour.md#page-tours), where the top bar's help button leads
 * without JavaScript. An unknown type is the tour every page has.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireReadAccess(request, "help");
  const params = new URL(request.url).searchParams;
  const requested = params.get("type");
  const type = isWizardType(requested) ? requested : "main";
  // The tab tours are the agent creation screen's: asking for a tab asks for that screen.
  const tour = tourFor(type, new URLSearchParams(type === "ai-agent" && params.has("tab") ? { create: "true", tab: params.get("tab") ?? "" } : {}));
  const from = params.get("from");
  const t = await getTranslator(request, "onboarding");
  return {
    title: t("help.title", { page: t(`help.pages.${type}`) }),
    type,
    tab: tour.tab,
    textKey: tour.textKey,
    steps: tour.steps.map((step) => step.key),
    back: from ? safeRedirectPath(from, "") || null : null,
  };
}

export const meta = titleFromLoader;

export default function HelpPage() {
  const { t } = useTranslation("onboarding");
  const { title, type, tab, textKey, steps, back } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description={t("help.intro")}
        back={
          back ? (
            <Link to={back} className="font-medium text-primary-dark underline dark:text-primary">
              {type === "main" ? t("help.backToPage") : t("help.back", { page: t(`help.pages.${type}`) })}
            </Link>
          ) : undefined
        }
      />
      <Panel title={tab ? t("help.tab", { tab: t(`help.tabs.${tab}`) }) : undefined}>
        <ol className="space-y-4" data-testid="help-steps">
          {steps.map((key, index) => (
            <li key={key} className="flex gap-3" data-testid="help-step">
              <span
                aria-hidden="true"
                className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary-button text-sm font-semibold text-primary-button-text"
              >
                {index + 1}
              </span>
              <div className="min-w-0">
                <h2 className="font-semibold">{t(`tours.${textKey}.${key}.title`)}</h2>
                <p className="text-sm text-slate-600 dark:text-slate-300">{t(`tours.${textKey}.${key}.body`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </Panel>
      {type === "overview" ? (
        <p>
          <Link to={wizardStepHref("welcome")} className="font-medium text-primary-dark underline dark:text-primary">
            {t("help.restartWizard")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
