import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { requireReadAccess } from "~/features/access/gate.server";
import { feedbackHref, parseFeedbackParams, type FeedbackViewData } from "~/features/feedback/feedback-params";
import { feedbackFigures, feedbackFilterOptions, listFeedback } from "~/features/feedback/feedback-query.server";
import { FeedbackView } from "~/features/feedback/feedback-view";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["feedback"] };

/**
 * /feedback: every customer feedback of the tenant with its filters, CSAT
 * and the average rating over time, and links to the moment of each call
 * (docs/product/feedback.md). Read-only: feedback is given on a recording
 * or through a campaign's emailed rating link.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { tenant } = await requireReadAccess(request, "feedback");
  const requested = parseFeedbackParams(new URL(request.url).searchParams);
  const scope = { tenantId: tenant.id, timeZone: tenant.timeZone };
  const [t, page, figures, options] = await Promise.all([
    getTranslator(request, "feedback"),
    listFeedback(scope, requested),
    feedbackFigures(scope, requested),
    feedbackFilterOptions(tenant.id),
  ]);
  return {
    title: t("title"),
    view: {
      params: page.params,
      rows: page.rows,
      total: page.total,
      pageCount: page.pageCount,
      figures: {
        total: figures.total,
        distribution: figures.distribution,
        disagreements: figures.disagreements,
        granularity: figures.granularity,
        periods: figures.periods,
      },
      options,
      timeZone: tenant.timeZone,
      returnTo: feedbackHref(page.params),
    } satisfies FeedbackViewData,
  };
}

export const meta = titleFromLoader;

export default function FeedbackPage() {
  const { t } = useTranslation("feedback");
  const { view } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader title={t("title")} description={t("intro")} />
      <FeedbackView data={view} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
