import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from "react";
import { PageLink } from "#app/components/ui/page-link.tsx";
import { CAROUSEL_INTERVAL_MS, SWIPE_THRESHOLD_PX } from "#app/constants.ts";
import type { FeaturedTitle } from "#app/modules/catalogue/types.ts";
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, PlayIcon } from "#app/components/ui/icons.tsx";
import { Tooltip } from "#app/components/ui/tooltip.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { Backdrop, Poster } from "./poster.tsx";
import { titlePath } from "#app/modules/catalogue/paths.ts";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function usePrefersReducedMotion() {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener("change", onChange);
      return () => query.removeEventListener("change", onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * The home page's featured titles: one slide at a time, previous/next buttons (at
 * the bottom corners on phones, beside the dots), swipes over 50 px, and a new slide every 5 s, wrapping around. Advancing pauses
 * while the pointer or focus is inside, while the tab is hidden, and entirely for
 * visitors who ask for reduced motion.
 */
export function FeaturedCarousel({ items }: { items: FeaturedTitle[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // Slides' images load once a slide has been shown or, after hydration, is next: the
  // first slide's image, the page's largest paint, does not share a phone's bandwidth
  // with the others, and a slide keeps its image while it fades out.
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set([0]));
  if (!shown.has(index)) setShown(new Set([...shown, index]));
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const swipeStart = useRef<number | null>(null);
  const count = items.length;

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  useEffect(() => {
    if (count < 2 || paused || reducedMotion) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") setIndex((i) => (i + 1) % count);
    }, CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, paused, reducedMotion]);

  if (count === 0) return null;

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const dx = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(dx) > SWIPE_THRESHOLD_PX) go(dx < 0 ? index + 1 : index - 1);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured titles"
      className="relative isolate -mt-2 mb-8 overflow-hidden rounded-2xl bg-ink-900 ring-1 ring-white/5"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node)) setPaused(false);
      }}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipeStart.current = null)}
    >
      {/* Compact (issue 32): at most 45 % of a phone's first screen and 60 % of a desktop's, so the first row of titles shows with it. */}
      <div className="relative h-[19rem] touch-pan-y select-none sm:h-[22rem] lg:h-[24rem]">
        {items.map((item, i) => {
          const active = i === index;
          const images = shown.has(i) || (hydrated && i === (index + 1) % count);
          return (
            <div
              key={item.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}: ${item.title}`}
              aria-hidden={!active}
              inert={!active}
              className={`absolute inset-0 ${reducedMotion ? "" : "transition-opacity duration-700"} ${active ? "opacity-100" : "pointer-events-none opacity-0"}`}
            >
              <Backdrop
                title={item.title}
                backgroundUrl={images ? item.backgroundUrl : null}
                posterUrl={images ? item.posterUrl : null}
                kind="hero"
                priority={i === 0}
                className="absolute inset-0"
              />
              <div className="absolute inset-0 bg-gradient-to-t from-ink-950 via-ink-950/50 to-transparent" aria-hidden="true" />
              <div className="absolute inset-0 bg-gradient-to-r from-ink-950/80 via-transparent to-transparent" aria-hidden="true" />
              <div className="absolute right-10 bottom-10 hidden w-36 lg:block" aria-hidden="true">
                <Poster
                  title={item.title}
                  year={item.year}
                  url={images ? item.posterUrl : null}
                  sizes="144px"
                  className="shadow-2xl shadow-black/60 ring-1 ring-white/10"
                />
              </div>
              <div className="absolute inset-x-0 bottom-0 p-6 pb-14 sm:p-10 sm:pb-14 sm:pl-20 lg:pr-64">
                <p className="text-xs font-semibold tracking-[0.2em] text-accent-300 uppercase">
                  Featured {item.type === "tv" ? "series" : "film"}
                  {item.year ? ` · ${item.year}` : ""}
                </p>
                <h2 className="mt-2 max-w-2xl font-display text-3xl leading-tight font-bold text-white drop-shadow-lg sm:text-4xl lg:text-5xl">
                  {item.title}
                </h2>
                <div className="mt-5 flex flex-wrap gap-3">
                  <Tooltip text={`Size: ${item.size ?? "Unknown"}`}>
                    {(describedBy) => (
                      <PageLink
                        to={`${titlePath(item)}#downloads`}
                        aria-describedby={describedBy}
                        className="inline-flex items-center gap-2 rounded-full bg-accent-500 px-5 py-2.5 font-semibold text-ink-950 shadow-lg shadow-accent-500/20 transition-colors hover:bg-accent-400"
                      >
                        <DownloadIcon size={18} />
                        Download
                        <span className="sr-only"> {item.title}</span>
                      </PageLink>
                    )}
                  </Tooltip>
                  {item.trailerUrl ? (
                    <a
                      href={item.trailerUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-2 rounded-full bg-white/10 px-5 py-2.5 font-semibold text-white ring-1 ring-white/20 backdrop-blur transition-colors hover:bg-white/20"
                    >
                      <PlayIcon size={16} />
                      Watch Trailer
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    <Tooltip text="No trailer">
                      {(describedBy) => (
                        <button
                          type="button"
                          aria-disabled="true"
                          aria-describedby={describedBy}
                          onClick={(event) => event.preventDefault()}
                          className="inline-flex cursor-not-allowed items-center gap-2 rounded-full bg-white/5 px-5 py-2.5 font-semibold text-mist-300 ring-1 ring-white/10"
                        >
                          <PlayIcon size={16} />
                          Watch Trailer
                        </button>
                      )}
                    </Tooltip>
                  )}
                </div>
              </div>
            </div>
          );
        })}
      </div>

      {count > 1 && (
        <>
          <button
            type="button"
            onClick={() => go(index - 1)}
            className="absolute bottom-2 z-10 left-2 flex h-10 w-10 items-center justify-center rounded-full bg-ink-950/60 text-white ring-1 ring-white/15 backdrop-blur transition-colors hover:bg-ink-950/90 sm:top-1/2 sm:bottom-auto sm:left-3 sm:h-11 sm:w-11 sm:-translate-y-1/2 [html:not(.js)_&]:hidden"
            aria-label="Previous slide"
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            onClick={() => go(index + 1)}
            className="absolute bottom-2 z-10 right-2 flex h-10 w-10 items-center justify-center rounded-full bg-ink-950/60 text-white ring-1 ring-white/15 backdrop-blur transition-colors hover:bg-ink-950/90 sm:top-1/2 sm:bottom-auto sm:right-3 sm:h-11 sm:w-11 sm:-translate-y-1/2 [html:not(.js)_&]:hidden"
            aria-label="Next slide"
          >
            <ChevronRightIcon />
          </button>
          <div className="absolute right-0 bottom-4 left-0 flex justify-center gap-1 [html:not(.js)_&]:hidden">
            {items.map((item, i) => (
              <button
                key={item.id}
                type="button"
                onClick={() => go(i)}
                aria-label={`Show slide ${i + 1}: ${item.title}`}
                aria-current={i === index ? "true" : undefined}
                className="group flex h-6 w-6 items-center justify-center rounded-full"
              >
                <span
                  className={`block h-1.5 rounded-full transition-all ${i === index ? "w-5 bg-accent-400" : "w-1.5 bg-white/40 group-hover:bg-white/70"}`}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
