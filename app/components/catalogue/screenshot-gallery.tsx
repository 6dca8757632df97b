import { useEffect, useRef, useState } from "react";
import type { Screenshot } from "#app/modules/catalogue/types.ts";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, FilmIcon } from "#app/components/ui/icons.tsx";
import { generatedBackground, useImageFailed } from "./poster.tsx";

/** What stands in for a screenshot whose host failed: the title's colours and a film mark, never a broken icon. */
function Unavailable({ title, label, className }: { title: string; label: string; className: string }) {
  return (
    <span
      role="img"
      aria-label={`${label} (image unavailable)`}
      className={`flex items-center justify-center text-white/60 ${className}`}
      style={{ backgroundImage: generatedBackground(title, "poster") }}
    >
      <FilmIcon size={28} />
    </span>
  );
}

function Shot({ url, title, label, className, lazy }: { url: string; title: string; label: string; className: string; lazy: boolean }) {
  const { failed, ref, onError } = useImageFailed();
  if (failed) return <Unavailable title={title} label={label} className={className} />;
  return (
    <img
      ref={ref}
      src={url}
      alt={label}
      width={1280}
      height={720}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
      onError={onError}
      className={className}
    />
  );
}

/**
 * Screenshot thumbnails that open in a lightbox: previous/next wrap around, arrow
 * keys move, Escape closes, focus stays inside (a modal <dialog>) and returns to the
 * thumbnail afterwards. Without JavaScript a thumbnail opens the image itself.
 */
export function ScreenshotGallery({ screenshots, title }: { screenshots: Screenshot[]; title: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const openers = useRef<(HTMLAnchorElement | null)[]>([]);
  const openedFrom = useRef<number | null>(null);
  const [current, setCurrent] = useState<number | null>(null);
  const total = screenshots.length;

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (current !== null && !el.open) el.showModal();
  }, [current]);

  const open = (index: number) => {
    openedFrom.current = index;
    setCurrent(index);
  };
  const close = () => {
    dialog.current?.close();
    setCurrent(null);
    if (openedFrom.current !== null) openers.current[openedFrom.current]?.focus();
    openedFrom.current = null;
  };
  const step = (delta: number) => setCurrent((i) => (i === null ? i : (i + delta + total) % total));

  if (total === 0) {
    return <p className="rounded-xl bg-ink-800 px-5 py-8 text-center text-mist-300">No screenshots available</p>;
  }
  const shown = current === null ? null : screenshots[current];
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {screenshots.map((shot, i) => (
          <li key={shot.id}>
            <a
              href={shot.url}
              ref={(el) => {
                openers.current[i] = el;
              }}
              onClick={(event) => {
                event.preventDefault();
                open(i);
              }}
              className="group block overflow-hidden rounded-lg bg-ink-800 ring-1 ring-white/5"
            >
              <Shot
                url={shot.url}
                title={title}
                label={`${title}, screenshot ${i + 1} of ${total}`}
                lazy
                className="aspect-video w-full object-cover text-transparent transition duration-300 group-hover:scale-105 group-hover:opacity-90"
              />
            </a>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        aria-label={`${title} screenshots`}
        onClose={() => {
          if (current !== null) close();
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowRight") step(1);
          if (event.key === "ArrowLeft") step(-1);
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
        className="m-auto max-h-none max-w-none bg-transparent p-0 text-white backdrop:bg-ink-950/90 backdrop:backdrop-blur-sm"
      >
        {shown && current !== null && (
          <div className="flex w-[min(92vw,1200px)] flex-col items-center gap-4">
            <Shot
              key={shown.id}
              url={shown.url}
              title={title}
              label={`${title}, screenshot ${current + 1} of ${total}`}
              lazy={false}
              className="aspect-video max-h-[75vh] w-full rounded-lg object-contain"
            />
            <div className="flex items-center gap-4">
              <button
                type="button"
                onClick={() => step(-1)}
                className="flex h-11 w-11 items-center justify-center rounded-full bg-white/10 ring-1 ring-white/20 hover:bg-white/20"
                aria-label="Previous screenshot"
              >
                <ChevronLeftIcon />
              </button>
              <p className="min-w-16 text-center text-sm font-semibold tabular-nums" aria-live="polite">
                {current + 1} / {total}
              </p>
              <button
                type="button"
                onClick={() => step(1)}
                className="flex h-11 w-11 items-center justify-center rounded-full bg-white/10 ring-1 ring-white/20 hover:bg-white/20"
                aria-label="Next screenshot"
              >
                <ChevronRightIcon />
              </button>
              <button
                type="button"
                onClick={close}
                className="ml-4 flex h-11 w-11 items-center justify-center rounded-full bg-white/10 ring-1 ring-white/20 hover:bg-white/20"
                aria-label="Close"
              >
                <CloseIcon />
              </button>
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
