import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { NonceProvider } from "#app/components/nonce.tsx";
import { appContext } from "#app/context.ts";
import { logLevelFor, RETRY_AFTER_SECONDS } from "#app/utils/errors.ts";
import { redactUrl } from "#app/utils/redact-url.ts";
import { committedSuccess } from "#app/utils/committed.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The action's write committed and a loader failed after it: the page says so (root ErrorBoundary), never a 5xx.
  if (responseStatusCode >= 500 && committedSuccess(routerContext.staticHandlerContext.actionData)) responseStatusCode = 200;
  retryAfterWhenUnavailable(responseStatusCode, responseHeaders);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce, logger } = loadContext.get(appContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once rather than a stream.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={cspNonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
      </NonceProvider>,
      {
        nonce: cspNonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready reject above and are logged by the router.
          if (shellRendered) logger.error({ err: error }, "error while streaming a page");
        },
      },
    );
  });
}

/** 503 (the database is away) tells browsers and crawlers when to come back. */
function retryAfterWhenUnavailable(status: number, headers: Headers) {
  if (status === 503 && !headers.has("Retry-After")) headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
}

/** Client-side navigations and fetcher submissions get the same header. */
export function handleDataRequest(response: Response) {
  retryAfterWhenUnavailable(response.status, response.headers);
  return response;
}

// A client's mistake the router answers itself (e.g. a POST to a page without an action: 405) is a warning.
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const logger = (context as RouterContextProvider).get(appContext).logger;
  if (logLevelFor(error) === "warn") logger.warn({ err: error, url: redactUrl(request.url) }, "refused a request the router cannot serve");
  else logger.error({ err: error, url: redactUrl(request.url) }, "unexpected error in a loader or action");
};
