import { ListLink } from "~/components/ui/list-link";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { formatNumber } from "~/i18n/format";
import { cn } from "./cn";

/** Pages shown either side of the current one. */
const WINDOW = 2;

/**
 * First, previous, a window of page numbers, next and last, as plain links,
 * so paging works without JavaScript and every page is a URL. `hasNextPage`
 * keeps "next" going past a total that was not counted to its end (the
 * recordings search); `showLast` drops "last" in that case.
 */
export function Pagination({
  page,
  pageCount,
  href,
  label,
  hasNextPage = false,
  showLast = true,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label?: string;
  hasNextPage?: boolean;
  showLast?: boolean;
}) {
  const { t, i18n } = useTranslation("common");
  if (pageCount <= 1 && !hasNextPage) return null;
  const first = Math.max(1, page - WINDOW);
  const last = Math.min(pageCount, page + WINDOW);
  const numbers = Array.from({ length: last - first + 1 }, (_, index) => first + index);
  const hasPrevious = page > 1;
  const hasNext = hasNextPage || page < pageCount;
  return (
    <nav aria-label={label ?? t("pagination.label")}>
      <ul className="flex flex-wrap items-center gap-1 text-sm">
        <PageLink to={hasPrevious ? href(1) : null} label={t("pagination.firstPage")}>
          <Arrow glyph="before:content-['«']" /> {t("pagination.first")}
        </PageLink>
        <PageLink to={hasPrevious ? href(page - 1) : null} label={t("pagination.previousPage")} rel="prev">
          <Arrow glyph="before:content-['‹']" /> {t("pagination.previous")}
        </PageLink>
        {numbers.map((number) => (
          <PageLink key={number} to={href(number)} label={t("pagination.page", { page: formatNumber(number, i18n.language) })} current={number === page}>
            {formatNumber(number, i18n.language)}
          </PageLink>
        ))}
        <PageLink to={hasNext ? href(page + 1) : null} label={t("pagination.nextPage")} rel="next">
          {t("pagination.next")} <Arrow glyph="before:content-['›']" />
        </PageLink>
        {showLast ? (
          <PageLink to={page < pageCount ? href(pageCount) : null} label={t("pagination.lastPage")}>
            {t("pagination.last")} <Arrow glyph="before:content-['»']" />
          </PageLink>
        ) : null}
      </ul>
    </nav>
  );
}

/**
 * An arrow drawn by CSS: decoration, not text, so the link's visible text is
 * its word alone and stays part of its name ("First" in "First page", WCAG
 * 2.5.3 label in name); a « in the text would not be.
 */
function Arrow({ glyph }: { glyph: string }) {
  return <span aria-hidden="true" className={glyph} />;
}

function PageLink({ to, label, current, rel, children }: { to: string | null; label: string; current?: boolean; rel?: string; children: ReactNode }) {
  const base = "inline-flex min-w-9 items-center justify-center gap-1 rounded-md border px-2.5 py-1.5";
  if (current && to) {
    // A link to itself, as a page number is: a plain <span> may not carry the name "Page 3" (aria-label on a generic element).
    return (
      <li>
        <ListLink
          to={to}
          aria-current="page"
          aria-label={label}
          preventScrollReset
          className={cn(base, "border-transparent bg-primary-button font-semibold text-primary-button-text")}
        >
          {children}
        </ListLink>
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
      <ListLink
        to={to}
        rel={rel}
        aria-label={label}
        preventScrollReset
        className={cn(base, "border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800")}
      >
        {children}
      </ListLink>
    </li>
  );
}
