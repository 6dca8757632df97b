import { Link, NavLink } from "react-router";
import { BrandMark } from "./brand.tsx";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-white/5 bg-ink-950/85 backdrop-blur supports-[backdrop-filter]:bg-ink-950/70">
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2.5 rounded-md" aria-label="Cinedex home">
          <BrandMark />
          <span className="text-xl font-bold tracking-tight text-white">Cinedex</span>
        </Link>
        <nav aria-label="Main" className="ml-auto">
          <ul className="flex items-center gap-1 text-sm font-medium">
            <li>
              <NavLink
                to="/"
                end
                className={({ isActive }) =>
                  `rounded-md px-3 py-2 transition-colors ${isActive ? "bg-white/10 text-white" : "text-mist-300 hover:bg-white/5 hover:text-white"}`
                }
              >
                Home
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
