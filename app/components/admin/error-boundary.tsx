import { href, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { GENERIC_ERROR } from "#app/components/layout/error-view.tsx";

/** Errors of one admin screen, shown inside the panel's frame so the sidebar stays usable. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : null;
  return (
    <div className="mx-auto max-w-lg py-16 text-center" role="alert">
      <p className="font-display text-6xl font-bold text-accent-400/80">{status}</p>
      <h1 className="mt-3 text-xl font-semibold text-white">
        {status === 404 ? "Not found" : status === 403 ? "Not allowed" : "Something went wrong"}
      </h1>
      <p className="mt-2 text-mist-300">{message ?? (status === 404 ? "This item does not exist (any more)." : GENERIC_ERROR)}</p>
      <Link to={href("/dashboard")} className="mt-6 inline-block font-semibold text-accent-300 hover:text-accent-400">
        Back to the overview
      </Link>
    </div>
  );
}
