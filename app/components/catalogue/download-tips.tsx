import { Link } from "react-router";
import { InfoIcon } from "#app/components/ui/icons.tsx";

/** Short advice shown beside episode lists and download options. */
export function DownloadTips() {
  return (
    <aside className="rounded-xl bg-ink-800 p-5 text-sm ring-1 ring-white/5" aria-labelledby="tips-heading">
      <h2 id="tips-heading" className="flex items-center gap-2 font-semibold text-white">
        <InfoIcon size={18} className="text-accent-400" />
        Download tips
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-mist-300">
        <li>Each download opens a short waiting page first; press Continue, then Continue to download.</li>
        <li>If one host fails or is slow, try another link or quality.</li>
        <li>MKV files play in VLC and most modern players.</li>
        <li>
          A link that does not work?{" "}
          <Link to="/broken-links" className="text-accent-300 underline underline-offset-2 hover:text-accent-400">
            Report it
          </Link>{" "}
          and we will fix it.
        </li>
      </ul>
    </aside>
  );
}
