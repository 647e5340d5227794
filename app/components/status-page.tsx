import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { buttonClass } from "./ui/button";

export function StatusPage({ code, title, message }: { code: number; title: string; message: string }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-5xl font-bold text-primary">{code}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="max-w-md text-slate-600 dark:text-slate-300">{message}</p>
      <Link to="/" className={buttonClass("primary")}>
        {t("errors.backHome")}
      </Link>
    </main>
  );
}
