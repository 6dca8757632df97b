import { useEffect, useId, useRef, useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { isCurrentPath, PageLink } from "#app/components/ui/page-link.tsx";
import { SearchBox } from "#app/components/search/search-box.tsx";
import { NAVBAR_SCROLLED_PX } from "#app/constants.ts";
import { DEFAULT_SITE_NAME } from "#app/modules/settings/defaults.ts";
import type { Settings } from "#app/modules/settings/schema.ts";
import { BookmarkIcon, CloseIcon, MenuIcon, SearchIcon } from "#app/components/ui/icons.tsx";
import { BrandMark } from "./brand.tsx";
import { NAV_LINKS } from "./nav-links.ts";

/** Locks page scrolling while `locked` is true (the mobile menu is open). */
function useScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, [locked]);
}

const linkClass = (isActive: boolean) =>
  `rounded-md px-2.5 py-2 xl:px-3 text-sm font-medium transition-colors ${isActive ? "bg-white/10 text-white" : "text-mist-300 hover:bg-white/5 hover:text-white"}`;

export function SiteHeader() {
  const location = useLocation();
  const siteName = (useRouteLoaderData("root") as { settings?: Settings } | undefined)?.settings?.siteName ?? DEFAULT_SITE_NAME;
  // Each panel is open for the page it was opened on: any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const [searchOpenOn, setSearchOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.key;
  const searchOpen = searchOpenOn === location.key;
  const setMenuOpen = (open: boolean | ((was: boolean) => boolean)) =>
    setMenuOpenOn((typeof open === "function" ? open(menuOpen) : open) ? location.key : null);
  const setSearchOpen = (open: boolean | ((was: boolean) => boolean)) =>
    setSearchOpenOn((typeof open === "function" ? open(searchOpen) : open) ? location.key : null);
  const [scrolled, setScrolled] = useState(false);
  const menuRef = useRef<HTMLElement>(null);
  const menuId = useId();
  const searchId = useId();
  // The box shows the running search; it empties when a link leaves the search.
  const runningSearch =
    location.pathname === "/" || location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";

  const navCurrent = (link: (typeof NAV_LINKS)[number]) =>
    // Of two links to one page, the first is the current one.
    NAV_LINKS.find((other) => other.to === link.to) === link &&
    (link.end ? location.pathname === link.to : isCurrentPath(location.pathname, link.to));

  useScrollLock(menuOpen);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > NAVBAR_SCROLLED_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // "/" jumps to the search box, as on most catalogue sites (not while typing in a field).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])")) return;
      const box = [...document.querySelectorAll<HTMLInputElement>("header input[type='search']")].find((input) => input.offsetParent);
      event.preventDefault();
      if (box) box.focus();
      else setSearchOpenOn(location.key);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [location.key]);

  useEffect(() => {
    if (!menuOpen && !searchOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (menuOpen && menuRef.current && !menuRef.current.contains(event.target as Node)) setMenuOpenOn(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpenOn(null);
        setSearchOpenOn(null);
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [menuOpen, searchOpen]);

  return (
    <header
      ref={menuRef}
      data-scrolled={scrolled || undefined}
      className={`sticky top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-300 ${
        scrolled ? "border-white/10 bg-ink-950/95 shadow-lg shadow-black/40" : "border-transparent bg-ink-950/70"
      }`}
    >
      {/* The blur sits on a layer of its own: a backdrop-filter on the header itself would make it the
          containing block of the fixed backdrops below, which would then cover only the header. */}
      <div className={`pointer-events-none absolute inset-0 -z-10 ${scrolled ? "backdrop-blur" : "backdrop-blur-sm"}`} aria-hidden="true" />
      <div className="relative mx-auto flex h-16 w-full max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <PageLink to="/" className="flex shrink-0 items-center gap-2.5 rounded-md" aria-label={`${siteName} home`}>
          <BrandMark />
          <span className="text-xl font-bold tracking-tight text-white">{siteName}</span>
        </PageLink>

        <nav aria-label="Main" className="ml-2 hidden md:block lg:ml-4">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.label}>
                <PageLink to={link.to} aria-current={navCurrent(link) ? "page" : undefined} className={linkClass(navCurrent(link))}>
                  {link.label}
                </PageLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto hidden w-60 lg:block xl:w-72">
          <SearchBox key={runningSearch} id={`${searchId}-desktop`} initial={runningSearch} />
        </div>

        <PageLink
          to="/watchlist"
          aria-label="Your watchlist and favorites"
          aria-current={isCurrentPath(location.pathname, "/watchlist") ? "page" : undefined}
          className={`ml-auto flex h-10 w-10 shrink-0 items-center justify-center rounded-full transition-colors lg:ml-2 ${isCurrentPath(location.pathname, "/watchlist") ? "bg-white/10 text-white" : "text-mist-300 hover:bg-white/10 hover:text-white"}`}
        >
          <BookmarkIcon size={19} />
        </PageLink>

        <div className="flex items-center gap-1 lg:hidden">
          <button
            type="button"
            className="flex h-10 w-10 items-center justify-center rounded-full text-mist-100 hover:bg-white/10"
            aria-label={searchOpen ? "Close search" : "Open search"}
            aria-expanded={searchOpen}
            onClick={() => {
              setSearchOpen((open) => !open);
              setMenuOpen(false);
            }}
          >
            {searchOpen ? <CloseIcon /> : <SearchIcon />}
          </button>
          <button
            type="button"
            className="flex h-10 w-10 items-center justify-center rounded-full text-mist-100 hover:bg-white/10 md:hidden [html:not(.js)_&]:hidden"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => {
              setMenuOpen((open) => !open);
              setSearchOpen(false);
            }}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>

      {/* The menu below the bar on narrow screens; without JavaScript it is always shown. */}
      <nav
        id={menuId}
        aria-label="Menu"
        className={`absolute inset-x-0 top-16 border-b border-white/10 bg-ink-950/98 px-4 pb-4 shadow-2xl shadow-black/60 backdrop-blur md:hidden ${
          menuOpen
            ? "block"
            : "hidden max-md:[html:not(.js)_&]:static max-md:[html:not(.js)_&]:block max-md:[html:not(.js)_&]:pb-2 max-md:[html:not(.js)_&]:shadow-none"
        }`}
      >
        <ul className="flex flex-col gap-1 pt-2 [html:not(.js)_&]:flex-row [html:not(.js)_&]:flex-wrap">
          {NAV_LINKS.map((link) => (
            <li key={link.label}>
              <PageLink
                to={link.to}
                aria-current={navCurrent(link) ? "page" : undefined}
                className={`block ${linkClass(navCurrent(link))} py-3 text-base [html:not(.js)_&]:py-2 [html:not(.js)_&]:text-sm`}
              >
                {link.label}
              </PageLink>
            </li>
          ))}
        </ul>
      </nav>
      {searchOpen && (
        <>
          <div
            className="fixed inset-0 top-16 z-30 bg-ink-950/70 backdrop-blur-sm lg:hidden"
            aria-hidden="true"
            onClick={() => setSearchOpen(false)}
          />
          <div className="absolute inset-x-0 top-16 z-40 border-b border-white/10 bg-ink-950 px-4 py-3 lg:hidden">
            <SearchBox key={runningSearch} id={`${searchId}-mobile`} initial={runningSearch} autoFocus />
          </div>
        </>
      )}
      {menuOpen && (
        <div className="fixed inset-0 top-16 -z-10 bg-ink-950/60 md:hidden" aria-hidden="true" onClick={() => setMenuOpen(false)} />
      )}
    </header>
  );
}
