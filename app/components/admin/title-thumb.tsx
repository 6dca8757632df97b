import { titleHue } from "#app/components/catalogue/poster.tsx";

/** A small poster beside a title in the admin lists; decorative, the title is always shown in text next to it. */
export function TitleThumb({ title, url, className = "h-14 w-10" }: { title: string; url: string | null; className?: string }) {
  if (url) {
    return <img src={url} alt="" loading="lazy" decoding="async" className={`${className} shrink-0 rounded-md bg-ink-800 object-cover`} />;
  }
  const hue = titleHue(title);
  return (
    <span
      aria-hidden="true"
      className={`${className} flex shrink-0 items-center justify-center rounded-md text-sm font-bold text-[#fff]/90`}
      style={{ backgroundImage: `linear-gradient(160deg, hsl(${hue} 45% 34%), hsl(${(hue + 40) % 360} 55% 14%))` }}
    >
      {title.trim().charAt(0).toUpperCase()}
    </span>
  );
}
