import { Link, useLocation, useNavigate } from "react-router";
import { ArrowLeftIcon } from "./icons.tsx";

/**
 * Goes back one page when the visitor came from within the site, otherwise (a
 * shared link, no JavaScript) to `fallback`.
 */
export function BackButton({ fallback, label = "Back" }: { fallback: string; label?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Link
      to={fallback}
      onClick={(event) => {
        if (location.key !== "default") {
          event.preventDefault();
          void navigate(-1);
        }
      }}
      className="inline-flex items-center gap-2 rounded-full bg-white/5 px-4 py-2 text-sm font-semibold text-mist-100 ring-1 ring-white/10 transition-colors hover:bg-white/10"
    >
      <ArrowLeftIcon size={17} />
      {label}
    </Link>
  );
}
