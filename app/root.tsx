import { useContext, type ReactNode } from "react";
import {
  href,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigation,
  useRouteLoaderData,
  UNSAFE_DataRouterStateContext,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { getApp } from "#app/context.ts";
import { getSettings } from "#app/modules/settings/settings.server.ts";
import { dismissedBanners } from "#app/modules/site/banners.ts";
import { SUBMISSION_ID_FIELD } from "#app/modules/inbox/submission-id.ts";
import { committedSuccess } from "#app/utils/committed.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { CommittedView, ErrorView } from "./components/layout/error-view.tsx";
import { NoticeBanners } from "./components/layout/notice-banners.tsx";
import { SiteFooter } from "./components/layout/site-footer.tsx";
import { SiteHeader } from "./components/layout/site-header.tsx";
import { useNonce } from "./components/nonce.tsx";
import { PageLinkNavigation } from "./components/ui/page-link.tsx";
import { Toaster } from "./components/ui/toaster.tsx";

export const links: Route.LinksFunction = () => [
  // A stylesheet with a precedence is one React places first in the head, before the
  // module preloads it hoists there (otherwise the CSS, which blocks the first paint,
  // was requested after some thirty scripts).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, publicUrl } = getApp(context);
  return {
    publicUrl,
    settings: await getSettings(db),
    dismissedBanners: dismissedBanners(request.headers.get("Cookie")),
  };
}

// A banner dismissed by a fetcher is already hidden on the page: nothing to reload.
// A visitor form's success changes nothing the layout shows: no reload that could fail after the commit.
export function shouldRevalidate({ formAction, formData, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === href("/banners/dismiss")) return false;
  if (formData?.has(SUBMISSION_ID_FIELD) && (actionResult as { ok?: unknown } | undefined)?.ok === true) return false;
  return defaultShouldRevalidate;
}

/** Marks the document as scripted before first paint, so CSS can tell (see `html.js`). */
const MARK_SCRIPTED = "document.documentElement.classList.add('js')";

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-accent-500/20" role="progressbar" aria-label="Loading page">
      <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-accent-400" />
    </div>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  // The admin panel brings its own frame (routes/admin/layout.tsx) instead of the site's.
  const adminChrome = useMatches().some((m) => (m.handle as { chrome?: string } | undefined)?.chrome === "admin");
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#07080c" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: MARK_SCRIPTED }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-accent-500 focus:px-4 focus:py-2 focus:font-semibold focus:text-ink-950"
        >
          Skip to content
        </a>
        <NavigationProgress />
        {adminChrome ? (
          children
        ) : (
          <>
            <SiteHeader />
            {root && <NoticeBanners dismissed={root.dismissedBanners} autoClose={root.settings.bannerAutoClose} />}
            <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 pt-6 pb-16 sm:px-6 lg:px-8">
              {children}
            </main>
            <SiteFooter />
          </>
        )}
        <Toaster />
        <PageLinkNavigation />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A form's action committed before a loader failed: the visitor is told it was sent, not "unavailable" (entry.server answers 200).
  const committed = committedSuccess(useContext(UNSAFE_DataRouterStateContext)?.actionData);
  if (committed && status >= 500) {
    return (
      <>
        <title>{`${committed.message} | Cinedex`}</title>
        <CommittedView message={committed.message} detail={committed.detail} />
      </>
    );
  }
  const message = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : undefined;
  return (
    <>
      <title>
        {status === 404
          ? "Page not found | Cinedex"
          : status === 410
            ? "Link removed | Cinedex"
            : status === 503
              ? "Temporarily unavailable | Cinedex"
              : "Something went wrong | Cinedex"}
      </title>
      {status === 404 ? (
        <ErrorView status={404} heading="Page not found" message={message} />
      ) : status === 410 ? (
        <ErrorView status={410} heading="Link removed" message={message} />
      ) : status === 503 ? (
        // The database is away (DatabaseUnavailableError): say so, and that it is worth retrying.
        <ErrorView status={503} heading="Temporarily unavailable" message={message} />
      ) : (
        <ErrorView status={status} />
      )}
    </>
  );
}
