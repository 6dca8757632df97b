import { isRouteErrorResponse, useRouteError } from "react-router";
import { BackButton } from "#app/components/ui/back-button.tsx";
import { GENERIC_ERROR } from "#app/components/layout/error-view.tsx";

/** The archive and link pages' error view (docs/product/spec.md section 8): "Failed to fetch data" with Go Back. */
export function FetchErrorView() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center py-20 text-center" aria-labelledby="fetch-error-heading">
      <title>{notFound ? "Not found | Cinedex" : "Something went wrong | Cinedex"}</title>
      <h1 id="fetch-error-heading" className="text-2xl font-semibold text-white">
        Failed to fetch data
      </h1>
      <p className="mt-3 text-mist-300">{notFound ? "These downloads no longer exist or the address is wrong." : GENERIC_ERROR}</p>
      <div className="mt-8">
        <BackButton fallback="/" label="Go Back" />
      </div>
    </section>
  );
}
