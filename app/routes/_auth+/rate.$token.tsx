import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { useIsPending } from "~/components/ui/use-is-pending";
import { RatingPage } from "~/features/feedback/rating-page";
import { ratingPath, type RatingLinkState } from "~/features/feedback/rating-rules";
import { RatingSchema } from "~/features/feedback/rating-schema";
import { findRatingLink, submitRating } from "~/features/feedback/requests.server";
import { dateTimeFormat } from "~/i18n/format";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["feedback"] };

/** A used or expired link is gone for good (410); a token nobody issued is not found (404). */
const statusOf = (state: RatingLinkState) => (state === "open" ? 200 : state === "unknown" ? 404 : 410);

/** The link is the credential: never cached on the way, never indexed. */
export const headers: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? "no-store");
  headers.set("X-Robots-Tag", "noindex");
  return headers;
};
const PRIVATE = { "Cache-Control": "no-store" };

/**
 * /rate/<token>: the page a contact's feedback email links to
 * (docs/product/feedback.md#rating-link). No account and no session: the
 * token is the credential, and it works once, until it expires. `?done=1`
 * is where a rating lands: the link is used then, and the page thanks
 * rather than saying so.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const [link, t, language] = await Promise.all([findRatingLink(params.token ?? ""), getTranslator(request, "feedback"), getLanguage(request)]);
  const done = new URL(request.url).searchParams.get("done") === "1";
  const callDate = link.callAt && link.timeZone ? dateTimeFormat(language, { dateStyle: "long", timeZone: link.timeZone }).format(new Date(link.callAt)) : null;
  return data(
    {
      title: t("rate.pageTitle"),
      state: link.state,
      done: done && link.state === "used",
      business: link.business,
      callDate,
      constraint: getZodConstraint(RatingSchema),
    },
    { status: done && link.state === "used" ? 200 : statusOf(link.state), headers: PRIVATE },
  );
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: RatingSchema });
  if (submission.status !== "success") {
    // A link that can no longer be used says so, instead of asking for a rating it will not take.
    const { state } = await findRatingLink(token);
    return data({ result: state === "open" ? submission.reply() : null, state }, { status: state === "open" ? 400 : statusOf(state), headers: PRIVATE });
  }
  const outcome = await submitRating(token, submission.value);
  if (outcome === "saved") return redirect(`${ratingPath(token)}?done=1`, { headers: PRIVATE });
  return data({ result: null, state: outcome }, { status: statusOf(outcome), headers: PRIVATE });
}

export default function RateRoute() {
  const { state, done, business, callDate, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  return (
    <RatingPage
      state={actionData?.state ?? state}
      done={done}
      business={business}
      callDate={callDate}
      lastResult={actionData?.result}
      constraint={constraint}
      submitting={submitting}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
