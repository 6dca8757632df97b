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
