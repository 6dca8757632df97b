import { ArtworkImage, titleHue } from "#app/components/catalogue/poster.tsx";

/**
 * A small poster for admin lists and search suggestions: the title's drawn initial, with the real poster
 * over it when there is one. Callers set its width; it keeps the 2:3 poster ratio. A poster whose host
 * fails removes itself, so the drawn one shows instead of a broken-image icon.
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
      {url && <ArtworkImage url={url} kind="poster" alt="" sizes="56px" className="absolute inset-0 h-full w-full object-cover" />}
    </span>
  );
}
