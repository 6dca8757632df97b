import { Link } from "react-router";
import { BrandMark } from "./brand.tsx";

export const NO_FILES_STATEMENT =
  "Cinedex does not store any files on its servers. All content is provided by non-affiliated third parties.";

export function SiteFooter() {
  return (
    <footer className="border-t border-white/5 bg-ink-900">
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-10 text-sm text-mist-400 sm:px-6 lg:px-8">
        <Link to="/" className="flex w-fit items-center gap-2 rounded-md text-base font-semibold text-white">
          <BrandMark className="h-6 w-6" />
          Cinedex
        </Link>
        <p className="max-w-2xl leading-relaxed">{NO_FILES_STATEMENT}</p>
        <p>© {new Date().getFullYear()} Cinedex. All rights reserved.</p>
      </div>
    </footer>
  );
}
