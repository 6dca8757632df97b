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
        <img src={url} alt="" loading={eager ? "eager" : "lazy"} decoding="async" className="h-full w-full object-cover" />
      </div>
    );
  }
  const hue = titleHue(title);
  return (
    <div
      className={`${frame} flex flex-col justify-end ${large ? "p-5" : "p-3 sm:p-4"}`}
      style={{
        backgroundImage: `radial-gradient(120% 70% at 85% 0%, hsl(${hue} 70% 48% / 0.6), transparent 65%), linear-gradient(170deg, hsl(${hue} 45% 26%), hsl(${(hue + 40) % 360} 55% 8%))`,
      }}
      aria-hidden="true"
    >
      <span className="mb-3 h-0.5 w-8 rounded-full bg-white/50" />
      <span
        className={`line-clamp-4 font-display leading-tight font-bold text-balance text-white drop-shadow ${large ? "text-3xl" : "text-lg sm:text-xl"}`}
      >
        {title}
      </span>
      {year && <span className="mt-2 text-sm font-medium text-white/65">{year}</span>}
    </div>
  );
}
