import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { loadFailureOf } from "~/lib/http/operation-failure";
import { formProblemCopy } from "./form-problem-copy";
import { buttonClass } from "./ui/button";
import { Panel } from "./ui/panel";

/**
 * Error boundary for dashboard screens: it renders inside the dashboard
 * layout, so the sidebar and top bar stay and the user can move on.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  let title = t("errors.unexpectedTitle");
  let message = t("errors.unexpectedMessage");
  const formProblem = formProblemCopy(error, t);
  const loadFailure = isRouteErrorResponse(error) ? loadFailureOf(error.data) : null;
  if (formProblem) {
    ({ title, message } = formProblem);
  } else if (loadFailure) {
    // What could not be read, in the catalogue's words (spec section 8); the server has logged why.
    message = t(loadFailure);
  } else if (isRouteErrorResponse(error) && error.status === 403) {
    title = t("errors.forbiddenTitle");
    message = typeof error.data === "string" && error.data ? error.data : t("errors.forbidden");
  } else if (isRouteErrorResponse(error) && error.status === 404) {
    title = t("errors.notFoundTitle");
    message = t("errors.notFoundMessage");
  } else if (!isRouteErrorResponse(error)) {
    console.error(error);
  }
  return (
    <Panel title={title}>
      <div role="alert" className="space-y-4">
        <p className="text-slate-600 dark:text-slate-300">{message}</p>
        <Link to="/overview" className={buttonClass("secondary")}>
          {t("errors.backHome")}
        </Link>
      </div>
    </Panel>
  );
}
