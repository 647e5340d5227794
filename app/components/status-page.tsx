import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ErrorCopy } from "./general-error-boundary";
import { buttonClass } from "./ui/button";

/** The root's error page, on its own without the dashboard: the status, what happened, and a way home. */
export function StatusPage({ status, title, message }: ErrorCopy) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-5xl font-bold text-primary">{status}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="max-w-md text-slate-600 dark:text-slate-300">{message}</p>
      <Link to="/" className={buttonClass("primary")}>
        {t("errors.backHome")}
      </Link>
    </main>
  );
}
