import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import { formatNumber } from "~/i18n/format";

const WINDOW = 2;

/** Previous, a window of page numbers and next, as plain links (the campaigns list and the activity log). */
export function Pager({ page, pageCount, href, label }: { page: number; pageCount: number; href: (page: number) => string; label: string }) {
  const { t, i18n } = useTranslation("campaigns");
  if (pageCount <= 1) return null;
  const first = Math.max(1, page - WINDOW);
  const last = Math.min(pageCount, page + WINDOW);
  const numbers = Array.from({ length: last - first + 1 }, (_, index) => first + index);
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center gap-1 text-sm">
        <PageLink to={page > 1 ? href(page - 1) : null} label={t("pagination.previousPage")} rel="prev">
          <span aria-hidden="true">‹</span> {t("pagination.previous")}
        </PageLink>
        {numbers.map((number) => (
          <PageLink key={number} to={href(number)} label={t("pagination.page", { page: formatNumber(number, i18n.language) })} current={number === page}>
            {formatNumber(number, i18n.language)}
          </PageLink>
        ))}
        <PageLink to={page < pageCount ? href(page + 1) : null} label={t("pagination.nextPage")} rel="next">
          {t("pagination.next")} <span aria-hidden="true">›</span>
        </PageLink>
      </ul>
    </nav>
  );
}

function PageLink({ to, label, current, rel, children }: { to: string | null; label: string; current?: boolean; rel?: string; children: ReactNode }) {
  const base = "inline-flex min-w-9 items-center justify-center gap-1 rounded-md border px-2.5 py-1.5";
  if (current) {
    return (
      <li>
        <span aria-current="page" aria-label={label} className={cn(base, "border-transparent bg-primary-button font-semibold text-primary-button-text")}>
          {children}
        </span>
      </li>
    );
  }
  if (!to) {
    return (
      <li>
        <span aria-disabled="true" className={cn(base, "border-slate-200 text-slate-500 dark:border-slate-800 dark:text-slate-400")}>
          {children}
        </span>
      </li>
    );
  }
  return (
    <li>
      <Link to={to} rel={rel} aria-label={label} preventScrollReset className={cn(base, "border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800")}>
        {children}
      </Link>
    </li>
  );
}
