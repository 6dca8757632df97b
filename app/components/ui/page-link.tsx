import { useEffect, type AnchorHTMLAttributes } from "react";
import { useNavigate } from "react-router";

const PAGE_LINK = "data-page-link";

/**
 * A link to one of the site's pages, drawn as a plain `<a>` with an absolute path.
 * React Router's `<Link>` resolves its path against the route tree and subscribes
 * to the location on every render: on a listing with dozens of cards that was a
 * quarter of the server's render time. Client-side navigation still happens, from
 * one listener for the whole document (`PageLinkNavigation`, mounted by the root).
 */
export function PageLink({ to, ...props }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return <a href={to} {...{ [PAGE_LINK]: "" }} {...props} />;
}

/** Whether a link to `to` marks the current page, as `<NavLink>` decides it (the path or one below it). */
export function isCurrentPath(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  return path === target || path.startsWith(`${target}/`);
}

/**
 * Turns a plain left click on a `PageLink` into a client-side navigation, as
 * `<Link>` does: modified clicks, other targets and downloads stay with the browser.
 */
export function PageLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest(`a[${PAGE_LINK}]`) : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      // Like <Link>: a link to the page already shown replaces the history entry instead of adding one.
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: to === here });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
  return null;
}
