import { Link } from "react-router";

export const GENERIC_ERROR = "Something went wrong. Please try again later.";

export function ErrorView({ status, heading, message }: { status: number; heading?: string; message?: string }) {
  const notFound = status === 404;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-20 text-center" aria-labelledby="error-heading">
      <p className="font-display text-7xl font-bold text-accent-400/80 sm:text-8xl">{status}</p>
      <h1 id="error-heading" className="mt-4 text-2xl font-semibold text-white sm:text-3xl">
        {heading ?? (notFound ? "Page not found" : "Something went wrong")}
      </h1>
      <p className="mt-3 text-mist-300">
        {message ?? (notFound ? "The page you are looking for does not exist or has moved." : GENERIC_ERROR)}
      </p>
      {notFound && (
        // A plain GET form: it works before the page's scripts run, and adds nearly nothing to every page's bundle.
        <form method="get" action="/search" role="search" aria-label="Search for a title" className="mt-8 flex w-full max-w-md gap-2">
          <input
            type="search"
            name="q"
            required
            aria-label="Search movies and TV shows"
            placeholder="A title, a name or a year"
            className="h-11 min-w-0 flex-1 rounded-full border border-white/10 bg-ink-900 px-4 text-white placeholder:text-mist-400 focus:border-accent-400/60 focus:outline-none"
          />
          <button
            type="submit"
            className="h-11 rounded-full bg-white/10 px-5 font-semibold text-white ring-1 ring-white/15 hover:bg-white/15"
          >
            Search
          </button>
        </form>
      )}
      <Link to="/" className="mt-8 rounded-full bg-accent-500 px-6 py-2.5 font-semibold text-ink-950 transition-colors hover:bg-accent-400">
        Back to home
      </Link>
    </section>
  );
}

/** A page whose form was stored but which could not be drawn again (a loader met a fault after the commit). */
export function CommittedView({ message, detail }: { message: string; detail?: string | null }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-20 text-center" aria-labelledby="committed-heading">
      <h1 id="committed-heading" role="status" className="text-2xl font-semibold text-white sm:text-3xl">
        {message}
      </h1>
      {detail && <p className="mt-3 text-emerald-300">{detail}</p>}
      <p className="mt-3 text-mist-300">
        It was received; the rest of this page could not be shown just now. There is no need to send it again.
      </p>
      <Link to="/" className="mt-8 rounded-full bg-accent-500 px-6 py-2.5 font-semibold text-ink-950 transition-colors hover:bg-accent-400">
        Back to home
      </Link>
    </section>
  );
}
