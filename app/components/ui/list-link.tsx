import { useNavigate } from "@remix-run/react";
import { useEffect, type AnchorHTMLAttributes } from "react";

/**
 * A link repeated many times on one page (table rows, the sidebar, paging):
 * a plain <a href> that one listener on the document navigates client-side
 * (useListLinkNavigation, mounted once in the root). Remix's <Link> resolves
 * its path and sets up click and prefetch handling for every instance, which
 * for a hundred links was a noticeable part of rendering a list page; this
 * renders as cheaply as an anchor and works the same: without JavaScript it
 * is an ordinary link, with it a client-side navigation. `to` must be an
 * absolute path (lists build their URLs with listHref and friends).
 */
export function ListLink({ to, preventScrollReset, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; preventScrollReset?: boolean }) {
  // data-discover lets Remix learn the linked routes ahead of a click, as it does for <Link>.
  return <a {...props} href={to} data-list-link="" data-discover="true" data-prevent-scroll-reset={preventScrollReset ? "" : undefined} />;
}

/** Navigates clicks on ListLinks without a page load; modified clicks (new tab, download) keep the browser's behaviour. */
export function useListLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-list-link]") : null;
      if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const path = `${url.pathname}${url.search}${url.hash}`;
      // Like <Link>: a click on a link to the page already shown does not add a history entry.
      const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      navigate(path, { preventScrollReset: anchor.hasAttribute("data-prevent-scroll-reset"), replace: path === current });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
