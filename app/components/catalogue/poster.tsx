import { useCallback, useState, type CSSProperties } from "react";
import { preload } from "react-dom";
import { backdropUrl, imageSources, titleHue, type ArtworkKind } from "#app/modules/catalogue/images.ts";

export { titleHue };

/** The generated artwork's colours, as a CSS background (also under real backdrops, which may fail). */
export function generatedBackground(title: string, kind: "poster" | "backdrop" | "hero"): string {
  const hue = titleHue(title);
  if (kind === "poster") {
    return `radial-gradient(120% 70% at 85% 0%, hsl(${hue} 70% 48% / 0.6), transparent 65%), linear-gradient(170deg, hsl(${hue} 45% 26%), hsl(${(hue + 40) % 360} 55% 8%))`;
  }
  if (kind === "hero") {
    return `radial-gradient(70% 90% at 78% 20%, hsl(${hue} 70% 45% / 0.75), transparent 70%), radial-gradient(50% 60% at 20% 90%, hsl(${(hue + 60) % 360} 60% 35% / 0.5), transparent 70%), linear-gradient(135deg, hsl(${hue} 40% 14%), hsl(${(hue + 40) % 360} 50% 6%))`;
  }
  return `radial-gradient(80% 120% at 80% 0%, hsl(${hue} 60% 30%), transparent 70%)`;
}

/**
 * Tracks whether an image failed to load. An image that failed before the page
 * hydrated fired its error event before React listened, so a finished image is
 * also checked when it mounts: decoding a broken one fails. (Its natural width is
 * no test: a tiny image drawn from a srcset can have a natural width of 0.)
 */
export function useImageFailed() {
  const [failed, setFailed] = useState(false);
  const ref = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && (img.currentSrc || img.src)) img.decode().catch(() => setFailed(true));
  }, []);
  const onError = useCallback(() => setFailed(true), []);
  return { failed, ref, onError };
}

/** Intrinsic sizes (TMDB's largest offered width) so the layout reserves the space before an image loads. */
const INTRINSIC: Record<ArtworkKind, { width: number; height: number }> = {
  poster: { width: 500, height: 750 },
  backdrop: { width: 1280, height: 720 },
};

interface ArtworkImageProps {
  url: string;
  kind: ArtworkKind;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  className?: string;
  eager?: boolean;
  /** For the one image that is the page's largest paint. */
  priority?: boolean;
  style?: CSSProperties;
}

/**
 * An artwork image that removes itself when its host fails, uncovering whatever
 * its frame draws underneath (the generated poster): never a broken-image icon.
 */
export function ArtworkImage({ url, kind, alt, sizes, className = "", eager = false, priority = false, style }: ArtworkImageProps) {
  const { failed, ref, onError } = useImageFailed();
  if (failed) return null;
  const { src, srcSet } = imageSources(url, kind);
  return (
    <img
      ref={ref}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={INTRINSIC[kind].width}
      height={INTRINSIC[kind].height}
      alt={alt}
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={onError}
      className={className}
      style={style}
    />
  );
}

interface PosterProps {
  title: string;
  year: number | null;
  url: string | null;
  className?: string;
  /** Larger type for the title page. */
  large?: boolean;
  eager?: boolean;
  priority?: boolean;
  /** How wide the poster is drawn (the `sizes` attribute); a grid card by default. */
  sizes?: string;
}

/** A card in the 2/3/4/5-column grids of app/components/catalogue/title-card.tsx. */
export const GRID_POSTER_SIZES =
  "(min-width: 1280px) 240px, (min-width: 1024px) 20vw, (min-width: 768px) 25vw, (min-width: 640px) 33vw, 50vw";

/**
 * The title's poster over a poster drawn from the title (its name, year and a
 * colour of its own). The drawn one shows while the image loads, when there is
 * none, and when its host fails. Decorative: the title is always shown next to it
 * in text.
 */
export function Poster({ title, year, url, className = "", large = false, eager = false, priority = false, sizes }: PosterProps) {
  return (
    <div className={`relative aspect-[2/3] overflow-hidden rounded-xl bg-ink-800 ${className}`}>
      <div
        className={`absolute inset-0 flex flex-col justify-end ${large ? "p-3 sm:p-5" : "p-3 sm:p-4"}`}
        style={{ backgroundImage: generatedBackground(title, "poster") }}
        aria-hidden="true"
      >
        <span className="mb-3 h-0.5 w-8 rounded-full bg-white/50" />
        <span
          className={`line-clamp-4 font-display leading-tight font-bold text-balance text-white drop-shadow ${large ? "text-base sm:text-3xl" : "text-lg sm:text-xl"}`}
        >
          {title}
        </span>
        {year && <span className="mt-2 text-sm font-medium text-white/65">{year}</span>}
      </div>
      {url && (
        <ArtworkImage
          url={url}
          kind="poster"
          alt=""
          sizes={sizes ?? GRID_POSTER_SIZES}
          eager={eager}
          priority={priority}
          className="absolute inset-0 h-full w-full object-cover"
        />
      )}
    </div>
  );
}

/**
 * A full-bleed backdrop behind a page header or a slide: the title's backdrop,
 * else its poster blurred into a wash of colour, over the generated gradient (what
 * remains when the image host fails; a CSS background never shows a broken icon).
 */
export function Backdrop({
  title,
  backgroundUrl,
  posterUrl,
  kind = "backdrop",
  className = "",
  priority = false,
}: {
  title: string;
  backgroundUrl: string | null;
  posterUrl: string | null;
  kind?: "backdrop" | "hero";
  className?: string;
  /** For the backdrop that is the page's largest paint: fetched first, with the document. */
  priority?: boolean;
}) {
  const gradient = generatedBackground(title, kind);
  const image = backgroundUrl ? backdropUrl(backgroundUrl) : posterUrl ? imageSources(posterUrl, "poster").src : null;
  // A CSS background is found only once the stylesheet applies, and then at low
  // priority: a preload in the head starts it with the document instead.
  if (priority && image) preload(image, { as: "image", fetchPriority: "high" });
  return (
    <div className={`overflow-hidden ${className}`} aria-hidden="true">
      <div className="absolute inset-0" style={{ backgroundImage: gradient }} />
      {image && (
        <div
          className={
            backgroundUrl
              ? "absolute inset-0 bg-cover bg-center"
              : "absolute -inset-10 scale-110 bg-cover bg-center opacity-70 blur-2xl saturate-150"
          }
          style={{ backgroundImage: `url("${encodeURI(image)}")` }}
        />
      )}
    </div>
  );
}

type HeaderTitle = { title: string; year: number | null; posterUrl: string | null; backgroundUrl: string | null };

/** The full-width backdrop of a title page's header (catalogue and TMDB-only titles alike). */
export function TitleHeaderBackdrop({ title }: { title: HeaderTitle }) {
  return (
    <>
      <Backdrop
        title={title.title}
        backgroundUrl={title.backgroundUrl}
        posterUrl={title.posterUrl}
        priority
        className="absolute inset-y-0 left-1/2 -z-10 w-screen -translate-x-1/2 opacity-50"
      />
      <div
        className="absolute inset-y-0 left-1/2 -z-10 w-screen -translate-x-1/2 bg-gradient-to-t from-ink-950 via-ink-950/80 to-ink-950/30"
        aria-hidden="true"
      />
    </>
  );
}

/** A title page's poster: the page's largest image, so it loads first. */
export function TitleHeaderPoster({ title }: { title: HeaderTitle }) {
  return (
    <Poster
      title={title.title}
      year={title.year}
      url={title.posterUrl}
      large
      priority
      sizes="(min-width: 640px) 224px, 112px"
      className="w-28 self-start shadow-2xl sm:row-span-3 sm:w-56"
    />
  );
}
