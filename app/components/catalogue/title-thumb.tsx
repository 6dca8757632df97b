import { useCallback, useState } from "react";
import { titleHue } from "#app/components/catalogue/poster.tsx";
import { imageSources } from "#app/modules/catalogue/images.ts";

/**
 * The poster over the drawn thumbnail, shown only once it has loaded: while its host
 * is slow or unreachable some browsers draw a broken-image mark over the drawn
 * one, and a poster that fails removes itself. One that finished before the page
 * hydrated is judged by decoding it (its events fired before React listened).
 */
function ThumbImage({ url }: { url: string }) {
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading");
  const ref = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && (img.currentSrc || img.src))
      img.decode().then(
        () => setState("loaded"),
        () => setState("failed"),
      );
  }, []);
  if (state === "failed") return null;
  const { src, srcSet } = imageSources(url, "poster");
  return (
    <img
      ref={ref}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? "56px" : undefined}
      width={500}
      height={750}
      alt=""
      loading="lazy"
      decoding="async"
      onLoad={() => setState("loaded")}
      onError={() => setState("failed")}
      className={`absolute inset-0 h-full w-full object-cover ${state === "loaded" ? "" : "opacity-0"}`}
    />
  );
}

/**
 * A small poster for admin lists and search suggestions: the title's drawn initial, with the real poster
 * over it once it has loaded, so a failing image host leaves the drawn one on show. Callers set its
 * width; it keeps the 2:3 poster ratio.
 */
export function TitleThumb({ title, url, className = "w-10" }: { title: string; url: string | null; className?: string }) {
  const hue = titleHue(title);
  return (
    <span
      aria-hidden="true"
      className={`${className} relative flex aspect-[2/3] shrink-0 items-center justify-center overflow-hidden rounded-md text-sm font-bold text-[#fff]/90`}
      style={{ backgroundImage: `linear-gradient(160deg, hsl(${hue} 45% 34%), hsl(${(hue + 40) % 360} 55% 14%))` }}
    >
      {title.trim().charAt(0).toUpperCase()}
      {url && <ThumbImage url={url} />}
    </span>
  );
}
