/** A stable hue per title, so a generated poster always looks the same. */
export function titleHue(title: string): number {
  let hash = 2166136261;
  for (const ch of title) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) % 360;
}

interface PosterProps {
  title: string;
  year: number | null;
  url: string | null;
  className?: string;
  /** Larger type for the title page. */
  large?: boolean;
  eager?: boolean;
}

/**
 * The title's poster image, or, when it has none, a poster drawn from the title:
 * its name, year and a colour of its own. Decorative: the title is always shown
 * next to it in text.
 */
export function Poster({ title, year, url, className = "", large = false, eager = false }: PosterProps) {
  const frame = `relative aspect-[2/3] overflow-hidden rounded-xl bg-ink-800 ${className}`;
  if (url) {
    return (
      <div className={frame}>
        <img
          src={url}
          alt=""
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="h-full w-full object-cover"
        />
      </div>
    );
  }
  const hue = titleHue(title);
  return (
    <div
      className={`${frame} flex flex-col justify-between p-[8%]`}
      style={{
        backgroundImage: `radial-gradient(120% 80% at 20% 0%, hsl(${hue} 70% 45% / 0.55), transparent 60%), linear-gradient(165deg, hsl(${hue} 45% 24%), hsl(${(hue + 40) % 360} 55% 9%))`,
      }}
      aria-hidden="true"
    >
      <span className="text-[0.65em] font-semibold tracking-[0.25em] text-white/55 uppercase">Cinedex</span>
      <span
        className={`font-display leading-tight font-bold text-balance text-white drop-shadow ${large ? "text-3xl" : "text-lg sm:text-xl"} line-clamp-5`}
      >
        {title}
      </span>
      <span className="text-sm font-medium text-white/70">{year ?? ""}</span>
    </div>
  );
}
