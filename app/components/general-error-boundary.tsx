import { isRouteErrorResponse, Link, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import type { TFunction } from "~/i18n/translator";
import { loadFailureOf } from "~/lib/http/operation-failure";
import { formProblemCopy } from "./form-problem-copy";
import { buttonClass } from "./ui/button";
import { Panel } from "./ui/panel";

/**
 * The one error boundary. Every route that has one exports
 * `export function ErrorBoundary() { return <GeneralErrorBoundary /> }`,
 * passing handlers only where its page says something of its own (the
 * recordings list); the root passes the full-page frame. A thrown Response
 * (app/lib/http/errors.server.ts) is rendered by the handler for its status,
 * else by the default handler; anything else is a bug: it is logged and
 * rendered by the unexpected-error handler.
 */

/** What an error page says; `status` is shown by the full page only. */
export interface ErrorCopy {
  status: number;
  title: string;
  message: string;
}

export interface StatusHandlerArgs {
  error: ErrorResponse;
  /** The common namespace, plus whatever the route ships (a load failure's key names its namespace). */
  t: TFunction;
  /** The copy in this boundary's frame. */
  show: (copy: ErrorCopy) => ReactNode;
}

export type StatusHandler = (args: StatusHandlerArgs) => ReactNode;
export type UnexpectedErrorHandler = (args: Omit<StatusHandlerArgs, "error"> & { error: unknown }) => ReactNode;

function unexpectedCopy(status: number, t: TFunction): ErrorCopy {
  return { status, title: t("errors.unexpectedTitle"), message: t("errors.unexpectedMessage") };
}

/** A status nothing else claims: the unexpected-error copy, with the status. */
export const unexpectedStatusHandler: StatusHandler = ({ error, t, show }) => show(unexpectedCopy(error.status, t));

/** 400 and 413: a form post that could not be read says why (app/lib/http/form-problem.ts); any other is unexpected. */
export const formProblemHandler: StatusHandler = (args) => {
  const copy = formProblemCopy(args.error, args.t);
  return copy ? args.show({ status: args.error.status, ...copy }) : unexpectedStatusHandler(args);
};

/** 403: the body is the translated refusal `forbidden` made on the server. */
export const forbiddenHandler: StatusHandler = ({ error, t, show }) =>
  show({ status: 403, title: t("errors.forbiddenTitle"), message: typeof error.data === "string" && error.data ? error.data : t("errors.forbidden") });

/** 404: the page's own words, whatever the body (bodies are English, docs in errors.server.ts). */
export const notFoundHandler: StatusHandler = ({ t, show }) => show({ status: 404, title: t("errors.notFoundTitle"), message: t("errors.notFoundMessage") });

/** The handlers a boundary uses unless it is given its own. */
export const STATUS_HANDLERS: Readonly<Record<number, StatusHandler>> = {
  400: formProblemHandler,
  403: forbiddenHandler,
  404: notFoundHandler,
  413: formProblemHandler,
};

/**
 * The dashboard's default: what a loader could not read, in the catalogue's
 * words (docs/product/errors.md#how-failures-are-shown; `loadFailed` on the server, which has logged why),
 * else the unexpected-error copy. The key's namespace is one the route ships.
 */
export const loadFailureHandler: StatusHandler = ({ error, t, show }) => {
  const key = loadFailureOf(error.data);
  return show(key ? { status: error.status, title: t("errors.unexpectedTitle"), message: t(key) } : unexpectedCopy(error.status, t));
};

const unexpectedErrorHandler500: UnexpectedErrorHandler = ({ t, show }) => show(unexpectedCopy(500, t));

/**
 * The dashboard's frame: a panel inside the dashboard layout, so the sidebar
 * and top bar stay and the user can move on.
 */
export function DashboardErrorPanel({ title, message }: ErrorCopy) {
  const { t } = useTranslation();
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

export function GeneralErrorBoundary({
  frame: Frame = DashboardErrorPanel,
  statusHandlers = STATUS_HANDLERS,
  defaultStatusHandler = loadFailureHandler,
  unexpectedErrorHandler = unexpectedErrorHandler500,
}: {
  frame?: ComponentType<ErrorCopy>;
  statusHandlers?: Readonly<Record<number, StatusHandler>>;
  defaultStatusHandler?: StatusHandler;
  unexpectedErrorHandler?: UnexpectedErrorHandler;
}) {
  const error = useRouteError();
  const { t } = useTranslation();
  const show = (copy: ErrorCopy) => <Frame {...copy} />;
  if (isRouteErrorResponse(error)) return <>{(statusHandlers[error.status] ?? defaultStatusHandler)({ error, t, show })}</>;
  // A thrown Response was meant; anything else is a bug.
  console.error(error);
  return <>{unexpectedErrorHandler({ error, t, show })}</>;
}
